import { LOCALES } from '../i18n/locales'
import { OFFLINE_TEXTS } from './offline-texts'

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/**
 * /offline.html, written by the build: what the service worker shows for a page when the server
 * cannot be reached. Every language is in the page and English shows until /offline.js (no inline
 * script: strict CSP) picks the reader's language and theme. Styles are inline (the CSP allows
 * them), so the page needs no other file; "Try again" reloads the address that failed.
 */
export function offlinePage(): string {
  const sections = LOCALES.map((locale) => {
    const texts = OFFLINE_TEXTS[locale]
    return `<main lang="${locale}" data-title="${escapeHtml(texts.title)}"${locale === 'en' ? '' : ' hidden'}>
<div class="mark" aria-hidden="true"></div>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.body)}</p>
<a class="retry" href="">${escapeHtml(texts.retry)}</a>
</main>`
  }).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="light dark" />
<title>${escapeHtml(OFFLINE_TEXTS.en.title)}</title>
<link rel="icon" href="data:," />
<style>
:root { color-scheme: light; --bg: #ffffff; --fg: #18181b; --muted: #52525b; }
:root.dark { color-scheme: dark; --bg: #09090b; --fg: #fafafa; --muted: #a1a1aa; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
  background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 28rem; text-align: center; }
main[hidden] { display: none; }
.mark { width: 56px; height: 56px; margin: 0 auto 20px; border-radius: 14px;
  background: linear-gradient(135deg, #a855f7, #ec4899); }
h1 { margin: 0 0 8px; font-size: 1.5rem; line-height: 1.25; }
p { margin: 0 0 24px; color: var(--muted); }
.retry { display: inline-block; padding: 10px 20px; border-radius: 10px; color: #fff; text-decoration: none;
  font-weight: 600; background: linear-gradient(135deg, #a855f7, #ec4899); }
.retry:focus-visible { outline: 2px solid var(--fg); outline-offset: 2px; }
</style>
<script src="/offline.js" defer></script>
</head>
<body>
${sections}
</body>
</html>
`
}
