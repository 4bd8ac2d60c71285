import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { buildPdf } from '../test/docs'
import { type FakePages, startFakePages } from '../test/fakes/pages-server'
import { isPublicAddress } from './address-guard'
import { type AllowedHost, parseAllowedHost } from './allowed-hosts'
import { htmlToText } from './html-to-text'
import { checkUrl, FetchRefused, safeFetch, safeFetchDocument } from './safe-fetch'

/*
 * The page-fetch guard. Host names resolve through a fake DNS table here, so no test depends on
 * the network. The fake pages listen on 127.0.0.1: the tests that fetch them allow that address
 * (as FETCH_ALLOWED_HOSTS=127.0.0.1 does for the research suites).
 */

const dns: Record<string, string[]> = {
  'example.com': ['93.184.215.14'],
  'v6.example.com': ['2606:4700::6810:84e5'],
  'rebind.example': ['93.184.215.14', '127.0.0.1'],
  'internal.example': ['10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
}
/** FETCH_ALLOWED_HOSTS entries as an administrator writes them. */
function hosts(...entries: string[]): AllowedHost[] {
  return entries.map((entry) => {
    const parsed = parseAllowedHost(entry)
    if ('error' in parsed) throw new Error(parsed.error)
    return parsed
  })
}

const resolve = async (host: string) => {
  const answer = dns[host]
  if (!answer) throw new Error('ENOTFOUND')
  return answer
}

const hostile = [
  'http://127.0.0.1/',
  'http://localhost.localdomain.invalid/',
  'http://127.1/',
  'http://2130706433/', // 127.0.0.1 in decimal
  'http://0x7f000001/', // in hex
  'http://0177.0.0.1/', // in octal
  'http://0x7f.0.0.1/',
  'http://0/',
  'http://0.0.0.0/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/', // CGNAT
  'http://169.254.169.254/latest/meta-data/', // cloud metadata
  'http://[fd00:ec2::254]/', // AWS metadata over IPv6
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/', // IPv4-mapped
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:8.8.8.8]/', // mapped, even public: refused outright
  'http://[::127.0.0.1]/', // compatible
  'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
  'http://[2002:c0a8:101::]/', // 6to4 of 192.168.1.1
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[ff02::1]/', // multicast
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  'http://rebind.example/', // one private answer is enough to refuse
  'http://internal.example/',
  'http://metadata.example/',
  'http://mapped.example/',
  'ftp://example.com/',
  'file:///etc/passwd',
  'gopher://example.com/',
  'javascript:alert(1)',
  'data:text/html,hello',
  'http://user:pass@example.com/',
  'not a url',
]

describe('the address guard', () => {
  for (const url of hostile) {
    test(`refuses ${url}`, async () => {
      await expect(checkUrl(url, { resolve })).rejects.toBeInstanceOf(FetchRefused)
    })
  }

  test('lets public addresses through', async () => {
    expect((await checkUrl('https://example.com/a?b=c', { resolve })).address).toBe('93.184.215.14')
    expect((await checkUrl('http://v6.example.com/', { resolve })).address).toBe('2606:4700::6810:84e5')
    expect((await checkUrl('http://8.8.8.8/', { resolve })).address).toBe('8.8.8.8')
    expect((await checkUrl('http://[2606:4700::1]/', { resolve })).address).toBe('2606:4700::1')
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true) // NAT64 of 8.8.8.8
  })

  test('an allow-listed internal host is reachable', async () => {
    expect(
      (await checkUrl('http://internal.example/', { resolve, allowedHosts: hosts('internal.example') }))
        .address,
    ).toBe('10.1.2.3')
    expect((await checkUrl('http://127.0.0.1:8080/', { allowedHosts: hosts('127.0.0.1') })).address).toBe(
      '127.0.0.1',
    )
  })
})

describe('FETCH_ALLOWED_HOSTS with ports', () => {
  const allows = async (url: string, ...entries: string[]) =>
    checkUrl(url, { resolve, allowedHosts: hosts(...entries) }).then(
      () => true,
      (error) => {
        if (!(error instanceof FetchRefused)) throw error
        return false
      },
    )

  test('host:port allows that port only; the scheme default counts as its port', async () => {
    expect(await allows('http://internal.example:8080/wiki', 'internal.example:8080')).toBe(true)
    expect(await allows('http://internal.example/', 'internal.example:8080')).toBe(false)
    expect(await allows('http://internal.example:8081/', 'internal.example:8080')).toBe(false)
    expect(await allows('http://internal.example/', 'internal.example:80')).toBe(true)
    expect(await allows('https://internal.example/', 'internal.example:443')).toBe(true)
    expect(await allows('https://internal.example/', 'internal.example:80')).toBe(false)
    expect(await allows('http://INTERNAL.example:8080/', 'Internal.Example:8080')).toBe(true)
  })

  test('a host without a port allows every port', async () => {
    expect(await allows('http://internal.example:8080/', 'internal.example')).toBe(true)
    expect(await allows('https://internal.example/', 'internal.example')).toBe(true)
    expect(await allows('http://10.1.2.3:9000/', '10.1.2.3')).toBe(true)
  })

  test('IPv6 in brackets, with or without a port', async () => {
    expect(await allows('http://[::1]:8080/', '[::1]:8080')).toBe(true)
    expect(await allows('http://[::1]:9090/', '[::1]:8080')).toBe(false)
    expect(await allows('http://[0:0::1]:8080/', '[::1]:8080')).toBe(true)
    expect(await allows('http://[::1]:9090/', '[::1]')).toBe(true)
    expect(await allows('http://[fd00::5]/', '[::1]')).toBe(false)
  })

  test('another host on the allowed port is still refused', async () => {
    expect(await allows('http://10.9.9.9:8080/', 'internal.example:8080')).toBe(false)
  })
})

describe('fetching under the guard', () => {
  let pages: FakePages
  const allowed = { allowedHosts: hosts('127.0.0.1') }
  beforeAll(() => {
    pages = startFakePages()
  })
  afterAll(() => pages.close())

  test('a page is read as text: title, headings and paragraphs, no scripts or styles', async () => {
    const page = await safeFetch(pages.url('/article/solar'), allowed)
    expect(page.title).toBe('Solar power in 2026')
    expect(page.text).toContain('# Solar power in 2026')
    expect(page.text).toContain('Solar capacity grew by 30% in 2025.')
    expect(page.text).not.toContain('stealCookies')
    expect(page.text).not.toContain('color: red')
  })

  test("an entry with the pages' port reaches them; one with another port does not", async () => {
    const port = new URL(pages.url('/')).port
    const page = await safeFetch(pages.url('/article/solar'), { allowedHosts: hosts(`127.0.0.1:${port}`) })
    expect(page.title).toBe('Solar power in 2026')
    const other = Number(port) === 65535 ? 1 : Number(port) + 1
    await expect(
      safeFetch(pages.url('/article/solar'), { allowedHosts: hosts(`127.0.0.1:${other}`) }),
    ).rejects.toThrow('private or reserved')
  })

  test('without the allow-list the fake pages (127.0.0.1) are refused', async () => {
    await expect(safeFetch(pages.url('/article/solar'))).rejects.toThrow('private or reserved')
  })

  test('a redirect to a private address is refused, though the first host was allowed', async () => {
    await expect(safeFetch(pages.url('/redirect-private'), allowed)).rejects.toThrow('private or reserved')
  })

  test('redirects are followed up to five times, then refused', async () => {
    expect((await safeFetch(pages.url('/redirect/3'), allowed)).text).toContain('Solar capacity')
    await expect(safeFetch(pages.url('/redirect/9'), allowed)).rejects.toThrow('too many redirects')
  })

  test('a huge page is cut off at the size cap', async () => {
    await expect(safeFetch(pages.url('/huge'), { ...allowed, maxBytes: 64 * 1024 })).rejects.toThrow(
      'too large',
    )
  })

  test('a slow page is given up at the time limit', async () => {
    const started = Date.now()
    await expect(safeFetch(pages.url('/slow'), { ...allowed, timeoutMs: 300 })).rejects.toThrow('in time')
    expect(Date.now() - started).toBeLessThan(3000)
  })

  test('binary content is not read', async () => {
    await expect(safeFetch(pages.url('/binary'), allowed)).rejects.toThrow('not a text page')
  })

  test('an error status is a refusal with the status', async () => {
    await expect(safeFetch(pages.url('/missing'), allowed)).rejects.toThrow('answered 404')
  })

  test('a PDF is refused as a text page, and comes back as its bytes from safeFetchDocument', async () => {
    const pdf = buildPdf({ pages: [['Tidal energy output rose 8% in 2025.']] })
    pages.setFile('/paper.pdf', pdf, 'application/pdf')
    await expect(safeFetch(pages.url('/paper.pdf'), allowed)).rejects.toThrow(
      'not a text page (application/pdf)',
    )
    const document = await safeFetchDocument(pages.url('/paper.pdf'), allowed)
    expect(document.kind).toBe('pdf')
    if (document.kind !== 'pdf') return
    expect(document.contentType).toBe('application/pdf')
    expect(document.bytes).toEqual(pdf)
    // Pages still come back as text, and other binary types are still refused.
    const page = await safeFetchDocument(pages.url('/article/solar'), allowed)
    expect(page.kind === 'page' && page.text).toContain('Solar capacity grew by 30% in 2025.')
    await expect(safeFetchDocument(pages.url('/binary'), allowed)).rejects.toThrow(
      'not a text page (image/png)',
    )
  })

  test('a PDF is held to the same size cap, time limit and redirect checks', async () => {
    const pdf = buildPdf({
      pages: [Array.from({ length: 400 }, (_, line) => `Line ${line} of a long paper`)],
    })
    pages.setFile('/long.pdf', pdf, 'application/pdf')
    await expect(
      safeFetchDocument(pages.url('/long.pdf'), { ...allowed, maxBytes: pdf.length - 1 }),
    ).rejects.toThrow('too large')
    expect((await safeFetchDocument(pages.url('/long.pdf'), { ...allowed, maxBytes: pdf.length })).kind).toBe(
      'pdf',
    )
    await expect(safeFetchDocument(pages.url('/huge'), { ...allowed, maxBytes: 64 * 1024 })).rejects.toThrow(
      'too large',
    )
    await expect(safeFetchDocument(pages.url('/slow'), { ...allowed, timeoutMs: 300 })).rejects.toThrow(
      'in time',
    )
    await expect(safeFetchDocument(pages.url('/redirect-private'), allowed)).rejects.toThrow(
      'private or reserved',
    )
    await expect(safeFetchDocument(pages.url('/long.pdf'))).rejects.toThrow('private or reserved')
  })

  test('plain http connects to the checked address with the original Host header', async () => {
    await safeFetch(pages.url('/article/solar'), allowed)
    expect(pages.hosts.at(-1)).toBe(new URL(pages.url('/')).host)
  })
})

test('htmlToText decodes entities and drops comments', () => {
  const { text } = htmlToText('<p>a &amp; b &#8212; c<!-- hidden --></p><ul><li>one</li><li>two</li></ul>')
  expect(text).toBe('a & b — c\n- one\n- two')
})
