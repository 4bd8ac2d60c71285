import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/organise'

/** The person's projects, oldest first (issue 28): a handful, read whole. */
export const projectsQuery = queryOptions({
  queryKey: ['projects'],
  queryFn: async () => {
    const { data, error } = await api.projects.get()
    if (error) throw apiFailure(error, t('organise.projects.loadFailed'))
    return data.data.projects
  },
})

export type Project = Awaited<ReturnType<typeof projectsQuery.queryFn & {}>>[number]

/** A project made or changed here or in another tab: put in (or replaced in) the cached list. */
export function placeProject(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData<Project[]>(projectsQuery.queryKey, (list) => {
    if (!list) return list
    return list.some((p) => p.id === project.id)
      ? list.map((p) => (p.id === project.id ? project : p))
      : [...list, project]
  })
}

export function removeProject(queryClient: QueryClient, projectId: string) {
  queryClient.setQueryData<Project[]>(projectsQuery.queryKey, (list) =>
    list?.filter((p) => p.id !== projectId),
  )
}
