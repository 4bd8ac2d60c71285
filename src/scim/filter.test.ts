import { describe, expect, test } from 'bun:test'
import { ScimError } from './errors'
import { parseFilter } from './filter'
import { parsePatch } from './patch'

/* The filter and PatchOp grammar on their own: what each form parses to, and what is refused. */

const USERS = ['username', 'externalid', 'emails.value', 'id']
const GROUPS = ['displayname', 'externalid', 'id', 'members.value']
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof ScimError) return [error.status, error.scimType]
    throw error
  }
  return 'accepted'
}

describe('parseFilter', () => {
  test('eq comparisons joined by and, attribute names and operators without letter case, JSON string escapes', () => {
    expect(parseFilter('userName eq "bjensen@example.com"', USERS)).toEqual([
      { attribute: 'username', value: 'bjensen@example.com' },
    ])
    expect(parseFilter('UserName EQ "a\\"b\\\\c" AND externalId eq "x y"', USERS)).toEqual([
      { attribute: 'username', value: 'a"b\\c' },
      { attribute: 'externalid', value: 'x y' },
    ])
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"', USERS)).toEqual([
      { attribute: 'username', value: 'a' },
    ])
    expect(parseFilter('emails[value eq "a@b.c"]', USERS)).toEqual([
      { attribute: 'emails.value', value: 'a@b.c' },
    ])
    expect(parseFilter('id eq "g" and members[value eq "u"]', GROUPS)).toEqual([
      { attribute: 'id', value: 'g' },
      { attribute: 'members.value', value: 'u' },
    ])
  })

  test('everything else is 400 invalidFilter', () => {
    for (const filter of [
      'userName ne "a"',
      'userName pr',
      'userName eq 1',
      'userName eq true',
      'userName eq "a" or id eq "b"',
      'not (userName eq "a")',
      'emails[type eq "work"]',
      'emails[value eq "a"',
      'userName eq "a" and',
      'userName eq "a" userName eq "b"',
      '"a" eq userName',
      'meta.created gt "2011-05-13T04:42:34Z"',
      Array.from({ length: 12 }, () => 'id eq "a"').join(' and '),
    ])
      expect([filter, refusal(() => parseFilter(filter, USERS))]).toEqual([filter, [400, 'invalidFilter']])
  })
})

describe('parsePatch', () => {
  const body = (Operations: unknown) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations,
  })

  test('ops without letter case, paths with value filters and sub-attributes, path-less objects split per key', () => {
    expect(
      parsePatch(
        body([
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'a@b.c' },
          { op: 'remove', path: 'members[value eq "2819c223"]' },
          { op: 'ADD', path: 'name.givenName', value: 'B' },
          { op: 'replace', value: { active: false, 'name.familyName': 'J' } },
        ]),
      ),
    ).toEqual([
      {
        op: 'replace',
        attribute: 'emails.value',
        filter: { attribute: 'type', value: 'work' },
        value: 'a@b.c',
      },
      {
        op: 'remove',
        attribute: 'members',
        filter: { attribute: 'value', value: '2819c223' },
        value: undefined,
      },
      { op: 'add', attribute: 'name.givenname', value: 'B' },
      { op: 'replace', attribute: 'active', value: false },
      { op: 'replace', attribute: 'name.familyname', value: 'J' },
    ])
    // Okta sends no schemas on some calls; the PatchOp's own words are enough.
    expect(parsePatch({ Operations: [{ op: 'replace', path: 'active', value: true }] })).toHaveLength(1)
  })

  test('refusals', () => {
    const cases: [unknown, (number | string)[]][] = [
      [[], [400, 'invalidSyntax']],
      ['x', [400, 'invalidSyntax']],
      [{ schemas: 'x', Operations: [] }, [400, 'invalidSyntax']],
      [body(null), [400, 'invalidSyntax']],
      [body([{ op: 'copy', path: 'a' }]), [400, 'invalidSyntax']],
      [body([{ op: 'remove' }]), [400, 'noTarget']],
      [body([{ op: 'add', value: 3 }]), [400, 'invalidValue']],
      [body([{ op: 'add', path: 'members[display eq 1]', value: 3 }]), [400, 'invalidPath']],
      [body([{ op: 'add', path: 'a..b', value: 3 }]), [400, 'invalidPath']],
      [body([{ op: 'add', path: { a: 1 }, value: 3 }]), [400, 'invalidPath']],
      [body(Array.from({ length: 1001 }, () => ({ op: 'remove', path: 'members' }))), [400, 'invalidValue']],
    ]
    for (const [input, expected] of cases)
      expect(refusal(() => parsePatch(input)) as unknown).toEqual(expected)
  })
})
