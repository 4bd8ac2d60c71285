import { describe, expect, test } from 'bun:test'
import { linkCitations } from './citations'

const report = `## Overview

Solar capacity doubled [1]. Wind grew too [2, 3].

\`\`\`
array[1]
\`\`\`

Inline \`x[2]\` stays. An unknown number [9] stays.

## Sources

1. [Solar report](https://example.org/solar)
2. [Wind (2024)](https://example.org/wind_(2024))
3. News — https://news.example.com/a?b=1`

describe('linkCitations', () => {
  const out = linkCitations(report)

  test('a citation links to its numbered source', () => {
    expect(out).toContain('doubled [\\[1\\]](<https://example.org/solar>).')
  })

  test('a citation of several sources links each', () => {
    expect(out).toContain(
      'too [\\[2\\]](<https://example.org/wind_(2024)>)[\\[3\\]](<https://news.example.com/a?b=1>).',
    )
  })

  test('code, unknown numbers and the source list are left alone', () => {
    expect(out).toContain('array[1]\n')
    expect(out).toContain('`x[2]`')
    expect(out).toContain('[9] stays')
    expect(out).toContain('1. [Solar report](https://example.org/solar)')
  })

  test('a text without a source list is unchanged', () => {
    const text = 'Findings so far [1], no list yet.'
    expect(linkCitations(text)).toBe(text)
  })

  test('links and footnotes are not citations', () => {
    const text =
      'See [1](https://x.test) and [2]: note.\n\n[1] First https://a.test\n[2] Second https://b.test'
    expect(linkCitations(text).split('\n')[0]).toBe('See [1](https://x.test) and [2]: note.')
  })

  test('bracketed source lists ([n] Title — url) are read too', () => {
    const text = 'Claim [1].\n\n[1] Title — https://a.test/page'
    expect(linkCitations(text).split('\n')[0]).toBe('Claim [\\[1\\]](<https://a.test/page>).')
  })

  test("the server's source list (- [n] [Title](url) — url, knowledge without an address)", () => {
    const text =
      'Claim [1] and [2].\n\n## Sources\n\n- [1] [A \\[draft\\] page](https://a.test/x) — https://a.test/x\n- [2] Team handbook (team knowledge base)'
    const out = linkCitations(text)
    expect(out.split('\n')[0]).toBe('Claim [\\[1\\]](<https://a.test/x>) and [2].')
    expect(out).toContain('- [1] [A \\[draft\\] page](https://a.test/x) — https://a.test/x')
  })
})
