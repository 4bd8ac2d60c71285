import type { AppContext } from '../context'
import { GROUP_SCHEMA } from './groups'
import { MAX_RESULTS } from './list'
import { USER_SCHEMA } from './users'

/*
 * The discovery documents (RFC 7644 section 4, RFC 7643 sections 5–7) that clients read to learn
 * what this server does: PATCH and filters yes (up to MAX_RESULTS per page), bulk, password
 * changes, sorting and ETags no; bearer tokens made in Admin › Sign-in.
 */

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType'
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema'

const base = (ctx: Pick<AppContext, 'config'>) => `${ctx.config.appUrl}/scim/v2`

export function serviceProviderConfig(ctx: Pick<AppContext, 'config'>) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A SCIM token made in Admin › Sign-in, sent as "Authorization: Bearer scim-…"',
        specUri: 'https://www.rfc-editor.org/rfc/rfc6750',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base(ctx)}/ServiceProviderConfig` },
  }
}

export function resourceTypes(ctx: Pick<AppContext, 'config'>) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A Parley account',
      schema: USER_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${base(ctx)}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A Parley group',
      schema: GROUP_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${base(ctx)}/ResourceTypes/Group` },
    },
  ]
}

type Attribute = {
  name: string
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime'
  multiValued?: boolean
  required?: boolean
  caseExact?: boolean
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly'
  uniqueness?: 'none' | 'server' | 'global'
  description: string
  subAttributes?: Attribute[]
  referenceTypes?: string[]
}

/** An attribute with RFC 7643 section 2.2's defaults spelled out (clients read them literally). */
const attribute = (a: Attribute): Record<string, unknown> => ({
  name: a.name,
  type: a.type,
  multiValued: a.multiValued ?? false,
  description: a.description,
  required: a.required ?? false,
  caseExact: a.caseExact ?? false,
  mutability: a.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: a.uniqueness ?? 'none',
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
  ...(a.referenceTypes ? { referenceTypes: a.referenceTypes } : {}),
})

const userAttributes: Attribute[] = [
  {
    name: 'userName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The person’s e-mail address, with which they sign in',
  },
  {
    name: 'name',
    type: 'complex',
    description: 'The person’s name; Parley keeps one full name',
    subAttributes: [
      { name: 'formatted', type: 'string', description: 'The full name' },
      { name: 'familyName', type: 'string', description: 'The family name' },
      { name: 'givenName', type: 'string', description: 'The given name' },
    ],
  },
  { name: 'displayName', type: 'string', description: 'The name shown in Parley' },
  { name: 'active', type: 'boolean', description: 'false: the account is suspended (signed out, data kept)' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: 'The account’s e-mail address (the same as userName)',
    subAttributes: [
      { name: 'value', type: 'string', description: 'The address' },
      { name: 'type', type: 'string', description: 'Always "work"' },
      { name: 'primary', type: 'boolean', description: 'Always true' },
    ],
  },
]

const groupAttributes: Attribute[] = [
  {
    name: 'displayName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The group’s name',
  },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: 'The people in the group',
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable', description: 'The member’s user id' },
      {
        name: '$ref',
        type: 'reference',
        mutability: 'immutable',
        referenceTypes: ['User'],
        description: 'The member’s URI',
      },
      { name: 'display', type: 'string', mutability: 'readOnly', description: 'The member’s name' },
      { name: 'type', type: 'string', mutability: 'immutable', description: 'Always "User"' },
    ],
  },
]

export function schemas(ctx: Pick<AppContext, 'config'>) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'User Account',
      attributes: userAttributes.map(attribute),
      meta: { resourceType: 'Schema', location: `${base(ctx)}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'Group',
      attributes: groupAttributes.map(attribute),
      meta: { resourceType: 'Schema', location: `${base(ctx)}/Schemas/${GROUP_SCHEMA}` },
    },
  ]
}
