import type { ResearchSource } from '../../db/schema'
import { fillReport, type ReportTexts } from './report-texts'

/**
 * The report's frame around the model's text: the notes that say what was not searched (plainly,
 * at the top), and the numbered 'Sources' list the `[n]` citations point to. Also the report
 * written without the model, from the findings alone, when the run stops early (budget) or the
 * model fails while writing (the findings are kept, the message is marked failed). Parley's own
 * words in them are in the asking person's language (report-texts.ts).
 */

/** The sources the text cites, in number order; a knowledge entry is cited by its title. */
export function sourcesSection(text: string, sources: ResearchSource[], texts: ReportTexts): string {
  const cited = new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])))
  const listed = sources.filter((source) => cited.has(source.n)).sort((a, b) => a.n - b.n)
  if (!listed.length) return ''
  const lines = listed.map((source) =>
    source.url
      ? `- [${source.n}] [${escapeLinkText(source.title)}](${source.url}) — ${siteOf(source.url)}`
      : `- [${source.n}] ${source.title} (${texts.knowledgeBase})`,
  )
  return `## ${texts.sources}\n\n${lines.join('\n')}`
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
export function assembleReport(
  body: string,
  sources: ResearchSource[],
  notes: string[],
  texts: ReportTexts,
): string {
  return [notes.length ? notesBlock(notes) : '', body.trim(), sourcesSection(body, sources, texts)]
    .filter(Boolean)
    .join('\n\n')
}

/**
 * The findings as a report of their own, when no model writes one (`reason`, already worded in
 * `texts`' language, says why).
 */
export function findingsReport(
  topic: string,
  reason: string,
  findings: string[],
  texts: ReportTexts,
): string {
  return [
    `## ${texts.overview}`,
    '',
    fillReport(texts.researchOn, { topic, reason }),
    '',
    `## ${texts.keyFindings}`,
    '',
    findings.length ? findings.join('\n') : texts.noFindings,
  ].join('\n')
}
