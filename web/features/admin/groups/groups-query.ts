import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminGroups'

/** Every groups query shares the ['admin', 'groups'] prefix, so one invalidation refreshes them all. */
export const GROUPS_KEY = ['admin', 'groups'] as const

/** Every group, by name, with its member count. */
export const groupsQuery = queryOptions({
  queryKey: [...GROUPS_KEY, 'list'],
  queryFn: async () => {
    const { data, error } = await api.admin.groups.get()
    if (error) throw apiFailure(error, t('adminGroups.loadFailed'))
    return data.data.groups
  },
})

/**
 * The groups offered to choose from (an API key's or an MCP server's access): read again each time
 * the choice opens, so a group another administrator or tab has just made is there to pick.
 */
export const groupsToChooseQuery = { ...groupsQuery, staleTime: 0 }

export type Group = Awaited<ReturnType<NonNullable<typeof groupsQuery.queryFn>>>[number]

/** One group and its members, with how each joined. */
export function groupQuery(id: string) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'detail', id],
    queryFn: async () => {
      const { data, error } = await api.admin.groups({ id }).get()
      if (error) throw apiFailure(error, t('adminGroups.loadGroupFailed'))
      return data.data
    },
  })
}

export type GroupDetail = Awaited<ReturnType<NonNullable<ReturnType<typeof groupQuery>['queryFn']>>>
export type GroupMember = GroupDetail['members'][number]
export type GroupFields = NonNullable<Parameters<typeof api.admin.groups.post>[0]>
export type GroupChange = NonNullable<Parameters<ReturnType<typeof api.admin.groups>['patch']>[0]>

export async function createGroup(fields: GroupFields): Promise<Group> {
  const { data, error } = await api.admin.groups.post(fields)
  if (error) throw apiFailure(error, t('adminGroups.createFailed'))
  return data.data.group
}

export async function updateGroup(id: string, change: GroupChange): Promise<Group> {
  const { data, error } = await api.admin.groups({ id }).patch(change)
  if (error) throw apiFailure(error, t('adminGroups.saveFailed'))
  return data.data.group
}

export async function deleteGroup(id: string): Promise<void> {
  const { error } = await api.admin.groups({ id }).delete()
  if (error) throw apiFailure(error, t('adminGroups.delete.failed'))
}

/** Adds someone by hand (a membership they already had from their provider or SCIM stays as it was). */
export async function addMember(id: string, userId: string): Promise<void> {
  const { error } = await api.admin.groups({ id }).members({ userId }).put()
  if (error) throw apiFailure(error, t('adminGroups.members.addFailed'))
}

export async function removeMember(id: string, userId: string): Promise<void> {
  const { error } = await api.admin.groups({ id }).members({ userId }).delete()
  if (error) throw apiFailure(error, t('adminGroups.members.removeFailed'))
}
