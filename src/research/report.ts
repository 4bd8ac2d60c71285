import type { ResearchSource } from '../../db/schema'

/**
 * The report's frame around the model's text: the notes that say what was not searched (plainly,
 * at the top), and the numbered 'Sources' list the `[n]` citations point to. Also the report
 * written without the model, from the findings alone, when the run stops early (budget) or the
 * model fails while writing (the findings are kept, the message is marked failed).
 */

/** The sources the text cites, in number order; a knowledge entry is cited by its title. */
export function sourcesSection(text: string, sources: ResearchSource[]): string {
  const cited = new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])))
  const listed = sources.filter((source) => cited.has(source.n)).sort((a, b) => a.n - b.n)
  if (!listed.length) return ''
  const lines = listed.map((source) =>
    source.url
      ? `- [${source.n}] [${escapeLinkText(source.title)}](${source.url}) — ${siteOf(source.url)}`
      : `- [${source.n}] ${source.title} (team knowledge base)`,
  )
  return `## Sources\n\n${lines.join('\n')}`
}

/** The site a source is on (the link itself carries the full address; repeating it wraps on phones). */
function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

function escapeLinkText(title: string): string {
  return title.replace(/[[\]]/g, (char) => `\\${char}`)
}

export function notesBlock(notes: string[]): string {
  return notes.map((note) => `> ${note}.`).join('\n>\n')
}

/** The stored report: notes, the body, the sources. */
export function assembleReport(body: string, sources: ResearchSource[], notes: string[]): string {
  return [notes.length ? notesBlock(notes) : '', body.trim(), sourcesSection(body, sources)]
    .filter(Boolean)
    .join('\n\n')
}

/** The findings as a report of their own, when no model writes one (`reason` says why). */
export function findingsReport(topic: string, reason: string, findings: string[]): string {
  return [
    '## Overview',
    '',
    `Research on “${topic}”: ${reason}`,
    '',
    '## Key Findings',
    '',
    findings.length ? findings.join('\n') : 'No findings were gathered.',
  ].join('\n')
}
