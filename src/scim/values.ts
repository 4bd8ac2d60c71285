import { isValidEmail } from '../auth/model'
import { invalidSyntax, invalidValue } from './errors'

/*
 * Reading a client's SCIM JSON without trusting it: every attribute Parley keeps is checked for
 * its type and length (400 invalidValue); attributes Parley does not keep (title, phone numbers,
 * the enterprise extension that Entra ID sends by default) are accepted and ignored, as RFC 7643
 * lets a service provider do, so a default attribute mapping provisions without errors.
 */

export type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function objectBody(body: unknown): Json {
  if (!isObject(body)) throw invalidSyntax('The request body must be a JSON object')
  return body
}

/** Attribute names compare without letter case (RFC 7643 section 2.1); keys with a core schema URN lose it. */
export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '')
}

/** The object's attributes under lower-cased names. */
export function attributesOf(object: Json): Map<string, unknown> {
  const map = new Map<string, unknown>()
  for (const [key, value] of Object.entries(object)) map.set(normaliseKey(key), value)
  return map
}

/** A string attribute; null/absent → null. */
export function optionalString(value: unknown, name: string, max: number): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string`)
  if (value.length > max) throw invalidValue(`${name} must be at most ${max} characters`)
  return value
}

/** `active`: a boolean, or Entra ID's "True"/"False" strings. */
export function booleanValue(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true'
  throw invalidValue(`${name} must be true or false`)
}

/** userName: Parley's accounts are e-mail addresses. */
export function userNameValue(value: unknown): string {
  if (typeof value !== 'string' || !value.trim())
    throw invalidValue('userName is required (an e-mail address)')
  const email = value.trim()
  if (!isValidEmail(email)) throw invalidValue('userName must be an e-mail address')
  return email
}

export const FULL_NAME_MAX = 200

/** A name's parts as the client sent them (any may be missing). */
export interface NameParts {
  formatted?: string | null
  givenName?: string | null
  familyName?: string | null
}

export function nameValue(value: unknown): NameParts {
  if (value === undefined || value === null) return {}
  if (!isObject(value)) throw invalidValue('name must be an object')
  const parts = attributesOf(value)
  return {
    formatted: optionalString(parts.get('formatted'), 'name.formatted', FULL_NAME_MAX),
    givenName: optionalString(parts.get('givenname'), 'name.givenName', FULL_NAME_MAX),
    familyName: optionalString(parts.get('familyname'), 'name.familyName', FULL_NAME_MAX),
  }
}

/**
 * Parley keeps one full name: name.formatted, else the given and family names joined, else
 * displayName (the order in which they describe the person's name most completely).
 */
export function fullNameOf(name: NameParts, displayName: string | null): string {
  const joined = [name.givenName, name.familyName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  const full = (name.formatted?.trim() || joined || displayName?.trim() || '').replace(/\s+/g, ' ')
  if (full.length > FULL_NAME_MAX) throw invalidValue(`The name must be at most ${FULL_NAME_MAX} characters`)
  return full
}

/** The stored full name split back for clients that want given and family names (Okta requires them): first word, the rest. */
export function splitName(fullName: string): { givenName?: string; familyName?: string } {
  const trimmed = fullName.trim()
  if (!trimmed) return {}
  const space = trimmed.indexOf(' ')
  return space < 0
    ? { givenName: trimmed }
    : { givenName: trimmed.slice(0, space), familyName: trimmed.slice(space + 1) }
}

/** `emails`: checked for shape only (the account's address is userName). */
export function checkEmails(value: unknown) {
  if (value === undefined || value === null) return
  if (!Array.isArray(value)) throw invalidValue('emails must be an array')
  for (const item of value) {
    if (!isObject(item)) throw invalidValue('Each of emails must be an object')
    optionalString(attributesOf(item).get('value'), 'emails.value', 320)
  }
}
