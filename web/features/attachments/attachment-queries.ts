import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'

/** Bytes per file and files per message, as the server enforces them (checked again before uploading). */
export const uploadLimitsQuery = queryOptions({
  queryKey: ['uploads', 'limits'],
  queryFn: async () => {
    const { data, error } = await api.uploads.limits.get()
    if (error) throw apiFailure(error, 'Failed to load upload limits')
    return data.data
  },
  staleTime: Number.POSITIVE_INFINITY,
})

export type UploadLimits = Awaited<ReturnType<NonNullable<typeof uploadLimitsQuery.queryFn>>>

/** A sent message's files, in upload order. They never change once sent, so they are never refetched. */
export const messageAttachmentsQuery = (messageId: string) =>
  queryOptions({
    queryKey: ['messages', messageId, 'attachments'],
    queryFn: async () => {
      const { data, error } = await api.messages({ id: messageId }).attachments.get()
      if (error) throw apiFailure(error, 'Failed to load attachments')
      return data.data
    },
    staleTime: Number.POSITIVE_INFINITY,
  })

export type MessageAttachment = Awaited<
  ReturnType<NonNullable<ReturnType<typeof messageAttachmentsQuery>['queryFn']>>
>[number]
