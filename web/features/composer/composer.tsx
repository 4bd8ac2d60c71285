import {
  ArrowUp,
  BookOpen,
  Bot,
  FileOutput,
  ImagePlus,
  Library,
  Loader2,
  Paperclip,
  Plus,
  SlidersHorizontal,
  Square,
  Telescope,
} from 'lucide-react'
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import { openAgentsScreen } from '../agents/agents-ui'
import { ComposerAttachments } from '../attachments/composer-attachments'
import { AttachmentDropZone, pasteFiles } from '../attachments/drop-zone'
import { isImageFile } from '../attachments/file-kind'
import { useFilePicker } from '../attachments/file-picker'
import { useAttachmentUploads } from '../attachments/use-attachment-uploads'
import { MicButton } from '../dictation/mic-button'
import { useDictation } from '../dictation/use-dictation'
import { openKnowledge } from '../knowledge/knowledge-ui'
import { onPromptLibraryRequest } from '../prompts/prompt-library-ui'
import type { SlashKeyHandler } from '../prompts/slash-picker'
import { useDraft } from './use-draft'
import type { VisionChoice } from './vision-warning'
import '../../i18n/areas/shell'
import { lazyComponent } from '../../lib/lazy-component'

/** What a saved prompt carries besides its text. */
export interface PromptSettings {
  model_id: string | null
  tools: readonly string[]
}

/** idle → submitted (the send is on its way) → streaming (the answer is arriving); error after a failed send. */
export type ComposerState = 'idle' | 'submitted' | 'streaming' | 'error'

// The prompt library and the '/' picker are fetched when first used (the chat page stays small).
const PromptLibrary = lazyComponent(() => import('../prompts/prompt-library'))
const SlashPicker = lazyComponent(() => import('../prompts/slash-picker'))
const CreateImageDialog = lazyComponent(() => import('../images/create-image-dialog'))
const DeepResearchDialog = lazyComponent(() => import('../research/deep-research-dialog'))
// Loaded with the first image attached for a model that cannot see it (decision 143).
const VisionWarning = lazyComponent(() =>
  import('./vision-warning').then((module) => ({ default: module.VisionWarning })),
)

const MIN_HEIGHT = 48
const MAX_HEIGHT = 164

/**
 * The input bar: a growing textarea (Enter sends, Shift+Enter adds a line), the '+' menu, the
 * agent and model dropdowns and Send, which becomes Stop while an answer streams.
 */
export function Composer({
  state,
  hasChat,
  draftKey,
  onSend,
  onStop,
  onOpenSettings,
  onPromptChosen,
  ensureChat,
  onExportChat,
  modelDropdown,
  agentDropdown,
  toolsButton,
  vision,
}: {
  state: ComposerState
  hasChat: boolean
  /** Whose draft the input shows (the chat's id): unsent text stays with its chat. */
  draftKey: string
  /**
   * Resolves the id of the chat the text and files went to (the input and the files are then
   * cleared), or null when they were not taken.
   */
  onSend: (text: string, attachmentIds: string[]) => Promise<string | null>
  onStop: () => void
  onOpenSettings: () => void
  /** A prompt from the library or the picker was inserted: apply the model and tools it names. */
  onPromptChosen?: (prompt: PromptSettings) => void
  /** The chat a generated image goes to: the current one, or a new one (null when it could not be made). */
  ensureChat: () => Promise<string | null>
  /** Opens Export Chat to Knowledge Base for the current chat. */
  onExportChat: () => void
  modelDropdown: ReactNode
  /** The agent dropdown, or nothing when no agent is visible (spec section 4). */
  agentDropdown?: ReactNode
  /** The tools menu's button beside '+' (issue 30), or nothing. */
  toolsButton?: ReactNode
  /** The chosen model and the others: attached images with a model that cannot see them are warned about. */
  vision?: VisionChoice
}) {
  const t = useT()
  const [text, setText] = useDraft(draftKey)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const responding = state === 'submitted' || state === 'streaming'
  const files = useAttachmentUploads()
  const picker = useFilePicker(files.add)
  // Files alone are a message; a file still uploading holds the send until it is ready.
  const blank = text.trim() === '' && files.readyIds.length === 0
  // Images on their way or ready (a failed upload is not sent); the server's kind once it has read them.
  const images = files.files.filter(
    (entry) =>
      entry.status !== 'error' &&
      (entry.uploaded ? entry.uploaded.kind === 'image' : isImageFile(entry.file.type)),
  ).length
  const [libraryOpen, setLibraryOpen] = useState(false)
  // The command palette's "Open the prompt library" (decision 161).
  useEffect(() => onPromptLibraryRequest(() => setLibraryOpen(true)), [])
  // '/' at the very start opens the picker until Escape; it opens again once the '/' is retyped.
  const [slashDismissed, setSlashDismissed] = useState(false)
  const slashOpen = text.startsWith('/') && !text.includes('\n') && !slashDismissed
  const slashKeys = useRef<SlashKeyHandler | null>(null)
  const [activeOption, setActiveOption] = useState<string | undefined>()
  const [imageOpen, setImageOpen] = useState(false)
  const [researchOpen, setResearchOpen] = useState(false)
  // Spec 'Voice recording': each final transcript is appended to the input, preceded by a space.
  const latestText = useRef(text)
  latestText.current = text
  const dictation = useDictation((spoken) => {
    latestText.current = `${latestText.current} ${spoken}`
    setText(latestText.current)
  })
  const listening = dictation.state === 'listening'

  function changeText(next: string) {
    if (!next.startsWith('/')) setSlashDismissed(false)
    setText(next)
  }

  /** A prompt from the library or the picker replaces the draft; the caret goes to its end. */
  function insertPrompt(promptText: string, prompt: PromptSettings) {
    setText(promptText)
    onPromptChosen?.(prompt)
    setSlashDismissed(false)
    requestAnimationFrame(() => {
      const el = textarea.current
      if (!el) return
      el.focus()
      el.setSelectionRange(el.value.length, el.value.length)
    })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const el = textarea.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`
  }, [text])

  async function send() {
    if (blank || responding || files.uploading) return
    const sentFrom = draftKey
    const sentTo = await onSend(text, files.readyIds)
    if (sentTo === null) return
    setText('', sentFrom)
    // Sent while a new chat was on its way: the text may have been carried over to that chat.
    if (sentTo !== sentFrom) setText('', sentTo)
    files.clear()
  }

  return (
    <AttachmentDropZone onFiles={files.add} className="shrink-0 px-3 pb-3 sm:px-6 sm:pb-5">
      {/* The picker sits just above the input bar, outside its form (its variables form is a form of its own). */}
      <div className="relative mx-auto h-0 w-full max-w-3xl">
        {slashOpen ? (
          <SlashPicker
            query={text.slice(1)}
            keyHandler={slashKeys}
            onActiveChange={setActiveOption}
            onInsert={insertPrompt}
            onClose={() => setSlashDismissed(true)}
          />
        ) : null}
      </div>
      <form
        className="mx-auto flex w-full max-w-3xl flex-col rounded-2xl border border-zinc-300 bg-white shadow-sm focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/25 dark:border-zinc-700 dark:bg-zinc-900"
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
        data-testid="composer"
        data-state={state}
      >
        {picker.input}
        <ComposerAttachments files={files.files} onRemove={files.remove} />
        {vision && images > 0 && vision.selected && !vision.selected.supports_vision ? (
          <VisionWarning images={images} choice={vision} />
        ) : null}
        <textarea
          ref={textarea}
          value={text}
          onChange={(event) => changeText(event.target.value)}
          onPaste={(event) => pasteFiles(event, files.add)}
          aria-activedescendant={slashOpen ? activeOption : undefined}
          onKeyDown={(event) => {
            if (slashOpen && slashKeys.current?.(event)) {
              event.preventDefault()
              return
            }
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              void send()
            }
          }}
          rows={1}
          placeholder={listening ? t('shell.composer.listening') : t('shell.composer.placeholder')}
          aria-label={t('shell.composer.label')}
          className="block w-full resize-none bg-transparent px-4 py-3 text-[15px] leading-6 outline-none placeholder:text-zinc-500 dark:placeholder:text-zinc-400"
          style={{ minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
        />
        {dictation.interim ? (
          <p
            className="px-4 pb-1 text-[15px] text-zinc-500 italic dark:text-zinc-400"
            data-testid="dictation-interim"
          >
            {dictation.interim}
          </p>
        ) : null}
        {/* On phones the pickers take a row of their own above '+', the mic and Send: beside them a
            model's name had ~70 px and read 'claude-…'; at 640 px and up it is one row as before. */}
        <div className="flex flex-wrap items-center gap-1 px-2 pb-2">
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              data-testid="composer-more"
              aria-label={t('shell.composer.more')}
              className="flex size-8 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800"
            >
              <Plus className="size-5" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content side="top" align="start" sideOffset={6} className={menuContentClass}>
                <DropdownMenu.Item className={menuItemClass} onSelect={picker.open}>
                  <Paperclip className="size-4" aria-hidden /> {t('shell.composer.addFiles')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  onSelect={() => setImageOpen(true)}
                  data-testid="open-create-image"
                >
                  <ImagePlus className="size-4" aria-hidden /> {t('shell.composer.createImage')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  onSelect={() => setResearchOpen(true)}
                  data-testid="open-deep-research"
                >
                  <Telescope className="size-4" aria-hidden /> {t('shell.composer.deepResearch')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  onSelect={() => setLibraryOpen(true)}
                  data-testid="open-prompt-library"
                >
                  <BookOpen className="size-4" aria-hidden /> {t('shell.composer.promptLibrary')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  onSelect={() => openKnowledge()}
                  data-testid="composer-open-knowledge"
                >
                  <Library className="size-4" aria-hidden /> {t('shell.knowledge.open')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  disabled={!hasChat}
                  onSelect={onExportChat}
                  data-testid="composer-export-chat"
                >
                  <FileOutput className="size-4" aria-hidden /> {t('shell.knowledge.export')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  onSelect={() => openAgentsScreen('config')}
                  data-testid="composer-configure-agents"
                >
                  <Bot className="size-4" aria-hidden /> {t('shell.composer.configureAgents')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItemClass}
                  disabled={!hasChat}
                  onSelect={onOpenSettings}
                  data-testid="open-chat-settings"
                >
                  <SlidersHorizontal className="size-4" aria-hidden /> {t('shell.composer.advanced')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          {toolsButton}
          <div
            className="flex min-w-0 items-center gap-1 max-sm:order-first max-sm:w-full sm:ml-auto"
            data-testid="composer-pickers"
          >
            {agentDropdown}
            {modelDropdown}
          </div>
          <div className="ml-auto flex items-center gap-1 sm:ml-0">
            <MicButton
              state={dictation.state}
              busy={dictation.busy}
              onToggle={() => void dictation.toggle()}
            />
            {state === 'streaming' ? (
              <button
                type="button"
                onClick={onStop}
                aria-label={t('shell.composer.stop')}
                data-testid="stop"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
              >
                <Square className="size-3.5 fill-current" aria-hidden />
              </button>
            ) : (
              <button
                type="submit"
                aria-label={t('shell.composer.send')}
                data-testid="send"
                disabled={blank || responding || files.uploading}
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-r from-brand to-brand-2 text-white shadow-sm',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50',
                )}
              >
                {state === 'submitted' ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <ArrowUp className="size-5" aria-hidden />
                )}
              </button>
            )}
          </div>
        </div>
      </form>
      {imageOpen ? <CreateImageDialog open onOpenChange={setImageOpen} ensureChat={ensureChat} /> : null}
      {researchOpen ? <DeepResearchDialog open onOpenChange={setResearchOpen} /> : null}
      {libraryOpen ? <PromptLibrary open onOpenChange={setLibraryOpen} onInsert={insertPrompt} /> : null}
    </AttachmentDropZone>
  )
}
