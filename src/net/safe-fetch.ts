import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { BodyTooLargeError, readCapped } from '../http/read-capped'
import { isPublicAddress } from './address-guard'
import { type AllowedHost, isAllowedHost } from './allowed-hosts'
import { htmlToText } from './html-to-text'

/**
 * The one way the server fetches a page someone else chose (a search result, a cited link): every
 * such fetch goes through here (docs/decisions/126-deep-research.md).
 *
 * - http and https only, default ports or any port, no credentials in the URL;
 * - the host is resolved and EVERY address it resolves to must be public (address-guard.ts); the
 *   URL parser has already turned decimal, hex and octal IPv4 forms into dotted quads;
 * - plain http connects to the address that was checked (Host header kept), so a second DNS
 *   answer cannot swap in a private address; https connects by name, and the certificate check
 *   refuses a rebound address (an internal server has no certificate for the outside name);
 * - redirects are followed by hand, at most 5, each target checked the same way;
 * - a time limit over the whole fetch, a size cap on the body, and only text types are read;
 *   HTML is reduced to its text. `safeFetchDocument` also takes PDFs, as bytes under the same
 *   guard and limits; their text is extracted by the caller, off this thread (src/extract).
 *
 * `allowedHosts` (FETCH_ALLOWED_HOSTS) lets an administrator reach named internal hosts, on any
 * port or on the one port an entry names (allowed-hosts.ts); tests allow 127.0.0.1, where their
 * fake pages listen.
 */

export interface SafeFetchOptions {
  /** FETCH_ALLOWED_HOSTS, parsed by `parseAllowedHost`. */
  allowedHosts?: readonly AllowedHost[]
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  signal?: AbortSignal
  /** Resolves a host name to its addresses (tests replace DNS). */
  resolve?: (host: string) => Promise<string[]>
}

export interface FetchedPage {
  kind: 'page'
  /** The final URL, after redirects. */
  url: string
  contentType: string
  title: string
  text: string
}

/** A PDF as it arrived: its bytes, for the extraction workers (src/extract) to read. */
export interface FetchedPdf {
  kind: 'pdf'
  /** The final URL, after redirects. */
  url: string
  contentType: typeof PDF_TYPE
  bytes: Uint8Array
}

export const SAFE_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 }

const TEXT_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'text/markdown']
export const PDF_TYPE = 'application/pdf'

const TEXT_ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1'
const DOCUMENT_ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1'

/** A fetch refused or failed; `message` is safe to show and to note ('example.com: ...'). */
export class FetchRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'FetchRefused'
  }
}

async function resolveAll(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true, verbatim: true })
  return answers.map((answer) => answer.address)
}

/**
 * Checks a URL and picks the address to connect to. Throws FetchRefused when the URL is not one the
 * server may fetch.
 */
export async function checkUrl(
  raw: string | URL,
  options: Pick<SafeFetchOptions, 'allowedHosts' | 'resolve'> = {},
): Promise<{ url: URL; address: string }> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new FetchRefused('not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('only http and https')
  if (url.username || url.password) throw new FetchRefused('credentials in the URL')
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (!host) throw new FetchRefused('no host')
  const allowed = isAllowedHost(url, options.allowedHosts)
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host)
    } catch {
      throw new FetchRefused(`${host} could not be resolved`)
    }
  }
  if (!addresses.length) throw new FetchRefused(`${host} could not be resolved`)
  if (!allowed && !addresses.every(isPublicAddress)) {
    throw new FetchRefused(`${host} is a private or reserved address`)
  }
  return { url, address: addresses[0]! }
}

/** Fetches a page under the guard and returns its text. Throws FetchRefused on any refusal or failure. */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const body = await fetchGuarded(raw, options, false)
  return toPage(body)
}

/**
 * Fetches a page or a PDF under the guard (the same address checks, redirects, time limit and size
 * cap): a text page comes back as its text, a PDF as its bytes. Throws FetchRefused as safeFetch does.
 */
export async function safeFetchDocument(
  raw: string,
  options: SafeFetchOptions = {},
): Promise<FetchedPage | FetchedPdf> {
  const body = await fetchGuarded(raw, options, true)
  if (body.contentType === PDF_TYPE)
    return { kind: 'pdf', url: body.url, contentType: PDF_TYPE, bytes: body.bytes }
  return toPage(body)
}

interface GuardedBody {
  url: string
  contentType: string
  bytes: Uint8Array
}

function toPage({ url, contentType, bytes }: GuardedBody): FetchedPage {
  const body = new TextDecoder().decode(bytes)
  const isHtml = contentType === 'text/html' || contentType === 'application/xhtml+xml'
  const page = isHtml ? htmlToText(body) : { title: '', text: body.trim() }
  return { kind: 'page', url, contentType, title: page.title, text: page.text }
}

/** The guarded fetch itself: the body's bytes when its type is one asked for, else FetchRefused. */
async function fetchGuarded(raw: string, options: SafeFetchOptions, pdf: boolean): Promise<GuardedBody> {
  const limits = { ...SAFE_FETCH_LIMITS, ...options }
  const timeout = AbortSignal.timeout(limits.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const accept = pdf ? DOCUMENT_ACCEPT : TEXT_ACCEPT
  let current: string | URL = raw
  try {
    for (let hop = 0; ; hop += 1) {
      const { url, address } = await checkUrl(current, options)
      const response = await connect(url, address, signal, accept)
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel().catch(() => {})
        if (hop >= limits.maxRedirects) throw new FetchRefused('too many redirects')
        current = new URL(response.headers.get('location')!, url)
        continue
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {})
        throw new FetchRefused(`answered ${response.status}`)
      }
      const contentType = (response.headers.get('content-type') ?? 'text/html')
        .split(';')[0]!
        .trim()
        .toLowerCase()
      if (!TEXT_TYPES.includes(contentType) && !(pdf && contentType === PDF_TYPE)) {
        await response.body?.cancel().catch(() => {})
        throw new FetchRefused(`not a text page (${contentType})`)
      }
      const bytes = await readCapped(response, limits.maxBytes)
      return { url: url.toString(), contentType, bytes }
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    if (error instanceof BodyTooLargeError) throw new FetchRefused('the page is too large')
    if (timeout.aborted) throw new FetchRefused('did not answer in time')
    if (options.signal?.aborted) throw new FetchRefused('cancelled')
    throw new FetchRefused('could not be reached')
  }
}

/**
 * Plain http goes to the checked address with the original Host header; https by name (see above).
 * Redirects are never followed by fetch itself.
 */
function connect(url: URL, address: string, signal: AbortSignal, accept: string): Promise<Response> {
  const headers: Record<string, string> = {
    accept,
    'user-agent': 'Parley-Research/1.0',
  }
  if (url.protocol === 'https:') return fetch(url, { headers, redirect: 'manual', signal })
  const target = new URL(url)
  target.hostname = isIP(address) === 6 ? `[${address}]` : address
  headers.host = url.host
  return fetch(target, { headers, redirect: 'manual', signal })
}
