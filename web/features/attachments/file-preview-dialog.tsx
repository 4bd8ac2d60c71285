import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Download, RotateCw, Trash2, X } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { buttonClass } from '../../ui/button'
import { overlayClass } from '../../ui/dialog'
import { FileBadgeIcon } from './file-badge-icon'
import { fileBadge, isImageFile, isPdfFile, isTextFile, unknownType } from './file-kind'
import { fileSize } from './file-size'
import '../../i18n/areas/chat'

/** What the preview needs to show a file, whether it is still in the composer or already sent. */
export interface PreviewFile {
  name: string
  contentType: string
  size?: number
  /** Where the file is shown from: `/api/files/:id`, or a blob: URL before the upload finished. */
  url: string | null
  /** `/api/files/:id?download=1` once uploaded; a blob: URL still downloads under its name. */
  downloadUrl: string | null
  /** Reads a text file locally (composer files), instead of fetching `url`. */
  readText?: () => Promise<string>
}

const TEXT_PREVIEW_CHARS = 100_000

/**
 * Spec section 2, 'Image / file preview dialog': the file, rotate by 90°, Download, Remove (only for
 * a file still in the composer), and the footer hint. Closes on Escape or a click outside.
 */
export function FilePreviewDialog({
  file,
  onOpenChange,
  onRemove,
}: {
  file: PreviewFile | null
  onOpenChange: (open: boolean) => void
  onRemove?: () => void
}) {
  const t = useT()
  const [rotation, setRotation] = useState(0)
  // A different file starts upright.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new file only
  useEffect(() => setRotation(0), [file?.url, file?.name])
  const image = file ? isImageFile(file.contentType) : false
  const details = file
    ? [fileBadge(file.name, file.contentType).label, file.size === undefined ? null : fileSize(file.size)]
        .filter(Boolean)
        .join(' · ')
    : ''

  return (
    <DialogPrimitive.Root open={file !== null} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={`${overlayClass} z-40`} />
        <DialogPrimitive.Content
          data-testid="file-preview"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-zinc-200 bg-white shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          {file ? (
            <>
              <div className="flex items-start justify-between gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
                <div className="min-w-0">
                  <DialogPrimitive.Title className="truncate font-semibold" title={file.name}>
                    {file.name}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="text-sm text-zinc-600 dark:text-zinc-400">
                    {details}
                  </DialogPrimitive.Description>
                </div>
                <DialogPrimitive.Close
                  aria-label={t('common.close')}
                  className="-mr-1 shrink-0 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                >
                  <X className="size-5" aria-hidden />
                </DialogPrimitive.Close>
              </div>
              <div className="flex min-h-48 flex-1 items-center justify-center overflow-auto bg-zinc-100 p-4 dark:bg-zinc-950">
                <PreviewBody file={file} image={image} rotation={rotation} />
              </div>
              <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
                {image ? (
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm')}
                    onClick={() => setRotation((degrees) => (degrees + 90) % 360)}
                  >
                    <RotateCw className="size-4" aria-hidden /> {t('chat.preview.rotate')}
                  </button>
                ) : null}
                {file.downloadUrl ? (
                  <a href={file.downloadUrl} download={file.name} className={buttonClass('outline', 'sm')}>
                    <Download className="size-4" aria-hidden /> {t('chat.preview.download')}
                  </a>
                ) : null}
                {onRemove ? (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    onClick={() => {
                      onRemove()
                      onOpenChange(false)
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden /> {t('chat.preview.remove')}
                  </button>
                ) : null}
                <p className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
                  {t('chat.preview.closeHint')}
                </p>
              </div>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

function PreviewBody({ file, image, rotation }: { file: PreviewFile; image: boolean; rotation: number }) {
  if (image && file.url) return <RotatedImage url={file.url} name={file.name} rotation={rotation} />
  if (isPdfFile(file.name, file.contentType) && file.url && !file.url.startsWith('blob:')) {
    // The file answer carries `Content-Security-Policy: sandbox`, so the document runs in an opaque origin.
    return (
      <iframe src={file.url} title={file.name} className="h-[65dvh] w-full rounded-md border-0 bg-white" />
    )
  }
  if (isTextFile(file.name, file.contentType) && (file.readText || file.url)) {
    return <TextPreview file={file} />
  }
  return <GenericCard file={file} />
}

/**
 * A CSS rotation does not change an element's layout box, so a sideways photo would spill over the
 * dialog. The image is sized so that its rotated outline fits the available width and 65% of the
 * viewport height, inside a box of that rotated size.
 */
function RotatedImage({ url, name, rotation }: { url: string; name: string; rotation: number }) {
  const frame = useRef<HTMLDivElement>(null)
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const [room, setRoom] = useState({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const element = frame.current
    if (!element) return
    const measure = () => setRoom({ width: element.clientWidth, height: window.innerHeight * 0.65 })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const sideways = rotation % 180 !== 0
  const width = natural?.width ?? 0
  const height = natural?.height ?? 0
  const outer = sideways ? { width: height, height: width } : { width, height }
  const scale = natural ? Math.min(1, room.width / outer.width, room.height / outer.height) : 1
  return (
    <div ref={frame} className="flex w-full items-center justify-center">
      <div
        className="relative flex items-center justify-center"
        style={natural ? { width: outer.width * scale, height: outer.height * scale } : undefined}
      >
        <img
          src={url}
          alt={name}
          data-rotation={rotation}
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
          style={{
            transform: `rotate(${rotation}deg)`,
            ...(natural ? { width: width * scale, height: height * scale, maxWidth: 'none' } : {}),
          }}
          className={cn(
            'max-w-full transition-transform duration-200',
            natural ? 'absolute' : 'max-h-[65dvh]',
          )}
        />
      </div>
    </div>
  )
}

function TextPreview({ file }: { file: PreviewFile }) {
  const t = useT()
  const [text, setText] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    const read =
      file.readText ?? (() => fetch(file.url!, { credentials: 'same-origin' }).then((res) => res.text()))
    read().then(
      (value) => live && setText(value.slice(0, TEXT_PREVIEW_CHARS)),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [file])
  if (failed) return <GenericCard file={file} />
  return (
    <pre
      data-testid="text-preview"
      className="max-h-[65dvh] w-full overflow-auto rounded-md bg-white p-4 text-left text-sm whitespace-pre-wrap text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {text ?? t('common.loading')}
    </pre>
  )
}

function GenericCard({ file }: { file: PreviewFile }) {
  useT() // 'Unknown type' follows the language
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <FileBadgeIcon name={file.name} contentType={file.contentType} large />
      <p className="max-w-xs truncate font-medium">{file.name}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {file.contentType || unknownType()}
        {file.size === undefined ? '' : ` · ${fileSize(file.size)}`}
      </p>
    </div>
  )
}
