import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { toast } from '../../lib/toast'
import { uploadLimitsQuery } from './attachment-queries'
import { isImageFile } from './file-kind'
import { fileSize } from './file-size'
import { UploadAborted, type UploadedFile, type UploadHandle, uploadFile } from './upload-request'
import '../../i18n/areas/chat'

export type ComposerFileStatus = 'uploading' | 'ready' | 'error'

/** A file in the composer: uploading at once, then ready to send (or failed, with the server's reason). */
export interface ComposerFile {
  key: string
  file: File
  /** An object URL for image thumbnails, revoked when the file leaves the composer. */
  previewUrl: string | null
  status: ComposerFileStatus
  /** 0…1 of the bytes sent; at 1 the server is still reading the file until status turns ready. */
  progress: number
  error?: string
  uploaded?: UploadedFile
}

let nextKey = 0

/**
 * The composer's attachments (spec section 4, 'Files in the composer'): files from the picker, a
 * paste or a drop are appended and upload straight away; remove goes by position; clear() empties
 * the list after a send (the files then belong to the message, so nothing is deleted).
 */
export function useAttachmentUploads() {
  const limits = useQuery(uploadLimitsQuery).data
  const [files, setFiles] = useState<ComposerFile[]>([])
  const filesRef = useRef(files)
  filesRef.current = files
  const inFlight = useRef(new Map<string, UploadHandle>())

  const patch = useCallback((key: string, change: Partial<ComposerFile>) => {
    setFiles((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)))
  }, [])

  const start = useCallback(
    (entry: ComposerFile) => {
      const handle = uploadFile(entry.file, (progress) => patch(entry.key, { progress }))
      inFlight.current.set(entry.key, handle)
      handle.done.then(
        (uploaded) => {
          inFlight.current.delete(entry.key)
          // The file is usable (its fallback text is what the model gets); say why it could not be read.
          if (uploaded.warning) toast.warning(uploaded.warning)
          patch(entry.key, { status: 'ready', progress: 1, uploaded })
        },
        (error: unknown) => {
          inFlight.current.delete(entry.key)
          if (error instanceof UploadAborted) return
          const message =
            error instanceof Error
              ? error.message
              : t('chat.attachments.processFailed', { name: entry.file.name })
          patch(entry.key, { status: 'error', error: message })
        },
      )
    },
    [patch],
  )

  const add = useCallback(
    (incoming: File[]) => {
      if (incoming.length === 0) return
      const room = limits ? limits.maxFiles - filesRef.current.length : incoming.length
      if (limits && incoming.length > room)
        toast.error(t('chat.attachments.tooMany', { max: limits.maxFiles }))
      const accepted = incoming.slice(0, Math.max(0, room))
      const entries = accepted.map((file): ComposerFile => {
        nextKey += 1
        const entry: ComposerFile = {
          key: `file-${nextKey}`,
          file,
          previewUrl: isImageFile(file.type) ? URL.createObjectURL(file) : null,
          status: 'uploading',
          progress: 0,
        }
        if (limits && file.size > limits.maxFileBytes) {
          return {
            ...entry,
            status: 'error',
            error: t('chat.attachments.tooLarge', { size: fileSize(limits.maxFileBytes) }),
          }
        }
        return entry
      })
      setFiles((current) => [...current, ...entries])
      for (const entry of entries) if (entry.status === 'uploading') start(entry)
    },
    [limits, start],
  )

  const remove = useCallback((index: number) => {
    const entry = filesRef.current[index]
    if (!entry) return
    setFiles((current) => current.filter((_, position) => position !== index))
    release(entry)
    const handle = inFlight.current.get(entry.key)
    if (handle) {
      inFlight.current.delete(entry.key)
      handle.abort()
    } else if (entry.uploaded) {
      // Best effort: an upload that is never sent is swept by the server after 24 h anyway.
      void api.uploads({ id: entry.uploaded.id }).delete()
    }
  }, [])

  /** Empties the composer after a send; the sent files now belong to the message. */
  const clear = useCallback(() => {
    for (const entry of filesRef.current) release(entry)
    for (const handle of inFlight.current.values()) handle.abort()
    inFlight.current.clear()
    setFiles([])
  }, [])

  // Leaving the page or the chat: stop uploads in flight and free the thumbnails.
  useEffect(
    () => () => {
      for (const handle of inFlight.current.values()) handle.abort()
      for (const entry of filesRef.current) release(entry)
    },
    [],
  )

  return useMemo(() => {
    const ready = files.filter((entry) => entry.status === 'ready' && entry.uploaded)
    return {
      files,
      add,
      remove,
      clear,
      /** Ids to send as `attachmentIds`, in the order the files were added. */
      readyIds: ready.map((entry) => entry.uploaded!.id),
      names: ready.map((entry) => entry.uploaded!.filename),
      /** True while any file is still on its way: the send waits for it. */
      uploading: files.some((entry) => entry.status === 'uploading'),
      limits,
    }
  }, [files, add, remove, clear, limits])
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>

function release(entry: ComposerFile) {
  if (entry.previewUrl) URL.revokeObjectURL(entry.previewUrl)
}
