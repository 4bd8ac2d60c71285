import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Info, Plus } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Dialog } from '../../ui/dialog'
import { SearchField } from '../../ui/search-field'
import { ToggleChip } from '../../ui/toggle-chip'
import { useSocket } from '../chats/socket-context'
import { EntryCard } from './entry-card'
import { EntryDetail } from './entry-detail'
import { EntryFormDialog } from './entry-form-dialog'
import { forgetIndexProgress, setIndexProgress } from './index-progress'
import {
  cancelIndexing,
  deleteEntry,
  KNOWLEDGE_KEY,
  type KnowledgeEntry,
  knowledgeEntryQuery,
  knowledgeListQuery,
  knowledgeSearchQuery,
  knowledgeStatusQuery,
  knowledgeTagsQuery,
  reindexEntry,
} from './knowledge-query'
import { useDebounced } from './use-debounced'
import '../../i18n/areas/knowledge'

const EMPTY_TAGS: string[] = []

/**
 * The Knowledge Base panel (spec section 2): New Entry, a search box (the server's search, by
 * words and, with an embeddings provider, by meaning), tag badges that filter, the count, the
 * entries with their indexing state, and the detail pane. Loaded on first open.
 */
export default function KnowledgePanel({
  entryId,
  onClose,
}: {
  /** The entry to show in the detail pane on opening (a message's source). */
  entryId: string | null
  onClose: () => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState('')
  const search = useDebounced(query.trim(), 300)
  const [tags, setTags] = useState<string[]>([])
  const [selectedId, setSelectedId] = useState<string | null>(entryId)
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit'; entry: KnowledgeEntry } | null>(
    null,
  )
  const [deleting, setDeleting] = useState<KnowledgeEntry | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: KNOWLEDGE_KEY })
  const unselect = useCallback(() => setSelectedId(null), [])
  useKnowledgeEvents(selectedId, unselect)

  // Opening reloads: teammates share entries and indexing finishes meanwhile.
  const list = useInfiniteQuery({ ...knowledgeListQuery(tags), refetchOnMount: 'always' })
  const found = useQuery({ ...knowledgeSearchQuery(search, tags), enabled: search !== '' })
  const detail = useQuery({ ...knowledgeEntryQuery(selectedId ?? ''), enabled: selectedId !== null })

  const listed = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const searching = search !== ''
  const shown = searching
    ? (found.data ?? []).map((result) => ({ entry: result.entry, highlight: result.highlight }))
    : listed.map((entry) => ({ entry, highlight: null }))
  const pending = searching ? found.isPending : list.isPending
  // Typed but not yet searched (the debounce), or searched but not yet answered.
  const settling = pending || query.trim() !== search
  const failure = searching ? found.error : list.error
  const status = useQuery(knowledgeStatusQuery)
  const keywordOnly = status.data?.vector === false

  // The tag badges: every tag of the entries the user sees (so choosing one keeps the others),
  // read again with the lists; a chosen tag whose last entry went stops filtering.
  const tagList = useQuery({ ...knowledgeTagsQuery, refetchOnMount: 'always' })
  const seenTags = tagList.data ?? EMPTY_TAGS
  useEffect(() => {
    if (!tagList.data) return
    const known = new Set(tagList.data)
    setTags((current) =>
      current.every((tag) => known.has(tag)) ? current : current.filter((tag) => known.has(tag)),
    )
  }, [tagList.data])

  useEffect(() => {
    if (detail.isError) {
      // A refetch that fails after a live update: the entry stopped being shared (or went). It
      // leaves the pane quietly; the list shows it gone too.
      if (!detail.isRefetchError) toast.error(detail.error.message)
      setSelectedId(null)
    }
  }, [detail.isError, detail.isRefetchError, detail.error])

  function toggleTag(tag: string) {
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]))
  }

  const remove = useMutation({
    mutationFn: (entry: KnowledgeEntry) => deleteEntry(entry.id),
    onSuccess: (_, entry) => {
      toast.success(t('knowledge.delete.done'))
      if (selectedId === entry.id) setSelectedId(null)
      void refresh()
    },
    onError: (error) => toast.error(error.message),
  })
  const cancel = useMutation({
    mutationFn: (entry: KnowledgeEntry) => cancelIndexing(entry.id),
    onSuccess: () => void refresh(),
    onError: (error) => toast.error(error.message),
  })
  const retry = useMutation({
    mutationFn: (entry: KnowledgeEntry) => reindexEntry(entry.id),
    onSuccess: () => void refresh(),
    onError: (error) => toast.error(error.message),
  })

  return (
    <>
      <Dialog
        open={dialog === null}
        onOpenChange={(open) => !open && onClose()}
        title={t('knowledge.panel.title')}
        description={t('knowledge.panel.description')}
        className="md:max-w-5xl"
        testId="knowledge-panel"
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <SearchField
              value={query}
              onChange={setQuery}
              label={t('knowledge.panel.search')}
              testId="knowledge-search"
            />
            <Button onClick={() => setDialog({ kind: 'create' })} data-testid="knowledge-new">
              <Plus className="size-4" aria-hidden /> {t('knowledge.panel.new')}
            </Button>
          </div>
          {keywordOnly ? (
            <p
              className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
              data-testid="knowledge-keyword-only"
            >
              <Info className="size-3.5 shrink-0" aria-hidden /> {t('knowledge.panel.keywordOnly')}
            </p>
          ) : null}
          {seenTags.length > 0 ? (
            <fieldset className="flex flex-wrap gap-1.5" data-testid="knowledge-tags">
              <legend className="sr-only">{t('knowledge.panel.tags')}</legend>
              {seenTags.map((tag) => (
                <ToggleChip
                  key={tag}
                  pressed={tags.includes(tag)}
                  data-testid="knowledge-tag"
                  data-tag={tag}
                  onClick={() => toggleTag(tag)}
                >
                  #{tag}
                </ToggleChip>
              ))}
            </fieldset>
          ) : null}
          <p
            className="text-sm text-zinc-600 dark:text-zinc-400"
            data-testid="knowledge-count"
            aria-live="polite"
          >
            {pending ? '' : t('knowledge.panel.count', { count: shown.length })}
          </p>
          <div className={cn('grid gap-4', detail.data && 'md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]')}>
            {detail.data ? (
              <div className="md:order-2">
                <EntryDetail entry={detail.data} onClose={() => setSelectedId(null)} />
              </div>
            ) : null}
            <div className="min-w-0" data-testid="knowledge-results" aria-busy={settling}>
              {pending ? (
                <p className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">
                  {t('knowledge.panel.loading')}
                </p>
              ) : failure ? (
                <p className="py-8 text-center text-sm text-red-700 dark:text-red-400">{failure.message}</p>
              ) : shown.length === 0 ? (
                <p className="py-10 text-center font-medium" data-testid="knowledge-empty">
                  {t('knowledge.panel.empty')}
                </p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {shown.map(({ entry, highlight }) => (
                    <EntryCard
                      key={entry.id}
                      entry={entry}
                      highlight={highlight}
                      owned={entry.is_owner}
                      selected={entry.id === selectedId}
                      retrying={retry.isPending}
                      cancelling={cancel.isPending}
                      onSelect={() => setSelectedId(entry.id)}
                      onEdit={() => setDialog({ kind: 'edit', entry })}
                      onDelete={() => setDeleting(entry)}
                      onRetry={() => retry.mutate(entry)}
                      onCancel={() => cancel.mutate(entry)}
                    />
                  ))}
                </ul>
              )}
              {!searching && list.hasNextPage ? (
                <div className="mt-3 flex justify-center">
                  <Button
                    variant="outline"
                    size="sm"
                    busy={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage({ cancelRefetch: false })}
                  >
                    {t('knowledge.panel.more')}
                  </Button>
                </div>
              ) : null}
            </div>
          </div>
        </div>
      </Dialog>
      {dialog ? (
        <EntryFormDialog
          entry={dialog.kind === 'edit' ? dialog.entry : null}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            void refresh()
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        testId="knowledge-delete-dialog"
        confirmTestId="knowledge-delete-confirm"
        title={t('knowledge.delete.title')}
        description={
          deleting?.is_shared
            ? t('knowledge.delete.descriptionShared', { title: deleting.title })
            : t('knowledge.delete.descriptionPrivate', { title: deleting?.title ?? '' })
        }
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  )
}

/**
 * Someone changed an entry this user sees (their own, or a teammate's shared one: created, edited,
 * indexed, deleted, un-shared; decision 130): the lists and the open entry read again. The open
 * entry closes when it was deleted. A long entry's indexing progress is kept for its status while the
 * panel is open.
 */
function useKnowledgeEvents(selectedId: string | null, unselect: () => void) {
  const socket = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket) return
    const changed = ({ entryId, change }: { entryId: string; change: string }) => {
      // Indexing starts over (reindex, edit) or stopped (cancel): the count is stale. Once indexed,
      // the refetched entry is not pending and shows none; until then the last count stays (the
      // entry's stored one, read earlier, would go back).
      if (change !== 'indexed') setIndexProgress(entryId, null)
      if (change === 'deleted' && entryId === selectedId) {
        unselect()
        queryClient.removeQueries({ queryKey: knowledgeEntryQuery(entryId).queryKey })
      }
      void queryClient.invalidateQueries({ queryKey: KNOWLEDGE_KEY })
    }
    const progress = ({ entryId, done, total }: { entryId: string; done: number; total: number }) =>
      setIndexProgress(entryId, { done, total })
    socket.on('knowledge:changed', changed)
    socket.on('knowledge:progress', progress)
    return () => {
      socket.off('knowledge:changed', changed)
      socket.off('knowledge:progress', progress)
    }
  }, [socket, queryClient, selectedId, unselect])
  // Counts not heard while closed go stale: a panel opened later starts from the stored ones.
  useEffect(() => forgetIndexProgress, [])
}
