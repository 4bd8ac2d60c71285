import { ImageOff } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { isOwnImage, safeUrl } from './url-safety'
import '../../../i18n/areas/chat'

/**
 * An image in a message. Our own files load at once; an image on another server is fetched only
 * after the user asks, because a model could otherwise leak the conversation by writing it into
 * an image URL that the browser would request by itself.
 */
export function AnswerImage({ src, alt }: { src: string | undefined; alt: string | undefined }) {
  const t = useT()
  const url = safeUrl(src)
  const own = url ? isOwnImage(url, window.location.origin) : false
  const [allowed, setAllowed] = useState(own)
  const caption = alt && alt !== 'Generated Image' ? alt : null
  if (!url) return <span className="text-zinc-500">{alt || t('chat.markdown.image')}</span>
  if (!allowed) {
    const host = hostOf(url)
    return (
      <span className="my-2 flex flex-col items-start gap-1 rounded-lg border border-dashed border-zinc-300 p-3 text-sm dark:border-zinc-700">
        <span className="flex max-w-full items-start gap-1.5 text-zinc-600 dark:text-zinc-400">
          <ImageOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {t('chat.markdown.imageFrom', { host })}
            {caption ? `: ${caption}` : ''}
          </span>
        </span>
        <button
          type="button"
          onClick={() => setAllowed(true)}
          className="rounded-md bg-zinc-100 px-2.5 py-1 font-medium hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:bg-zinc-800 dark:hover:bg-zinc-700"
        >
          {t('chat.markdown.loadImage')}
        </button>
      </span>
    )
  }
  return (
    <span className="my-2 block">
      <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block">
        <img src={url} alt={alt ?? ''} className="max-h-96 max-w-full rounded-lg" loading="lazy" />
      </a>
      {caption ? (
        <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">{caption}</span>
      ) : null}
    </span>
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
