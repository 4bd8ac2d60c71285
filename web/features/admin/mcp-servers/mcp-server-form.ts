import type { McpApproval } from '../../../../db/catalogues/tools'
import type { McpServer, McpServerChange, NewMcpServer } from './mcp-servers-query'

/**
 * One header row. `stored`: the server keeps a value under this name (an edit shows the name and
 * "Unchanged"; values are write-only). `key` keeps React's rows apart while names are typed.
 */
export interface HeaderRow {
  key: number
  name: string
  value: string
  stored: boolean
}

/** The MCP server dialog's fields as typed. */
export interface McpServerForm {
  name: string
  url: string
  headers: HeaderRow[]
  enabled: boolean
  who: 'everyone' | 'groups'
  groups: string[]
  approval: McpApproval
}

let nextKey = 0
export const emptyHeaderRow = (): HeaderRow => ({ key: nextKey++, name: '', value: '', stored: false })

export function formOf(server: McpServer | null): McpServerForm {
  if (!server) {
    return {
      name: '',
      url: '',
      headers: [emptyHeaderRow()],
      enabled: true,
      who: 'everyone',
      groups: [],
      approval: 'destructive',
    }
  }
  return {
    name: server.name,
    url: server.url,
    headers: server.header_names.map((name) => ({ key: nextKey++, name, value: '', stored: true })),
    enabled: server.enabled,
    who: server.groups.length > 0 ? 'groups' : 'everyone',
    groups: [...server.groups],
    approval: server.approval,
  }
}

export type FieldProblem =
  | 'required'
  | 'invalidUrl'
  | 'invalidHeader'
  | 'duplicateHeader'
  | 'valueRequired'
  | 'valueAgain'
  | 'chooseGroup'

export interface McpServerProblems {
  name?: FieldProblem
  url?: FieldProblem
  groups?: FieldProblem
  /** By row key. */
  headerNames: Record<number, FieldProblem>
  headerValues: Record<number, FieldProblem>
}

// An HTTP header name is a token (RFC 9110 section 5.6.2).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export function isServerUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

/** The rows that say something: a row with neither name nor value is left out. */
const filledRows = (form: McpServerForm) =>
  form.headers.filter((row) => row.stored || row.name.trim() !== '' || row.value !== '')

/**
 * Whether the headers are to be sent: always for a new server that has some; for an edit, when a
 * row was added, removed or renamed or a value typed. Then every row needs its value, since the
 * headers given replace the stored ones all together.
 */
export function headersChanged(server: McpServer | null, form: McpServerForm): boolean {
  const rows = filledRows(form)
  if (!server) return rows.length > 0
  const names = rows.map((row) => row.name.trim().toLowerCase())
  const stored = server.header_names.map((name) => name.toLowerCase())
  return (
    rows.some((row) => !row.stored || row.value !== '') ||
    names.length !== stored.length ||
    names.some((name, index) => name !== stored[index])
  )
}

export function problemsOf(form: McpServerForm, server: McpServer | null): McpServerProblems {
  const problems: McpServerProblems = { headerNames: {}, headerValues: {} }
  if (!form.name.trim()) problems.name = 'required'
  if (!form.url.trim()) problems.url = 'required'
  else if (!isServerUrl(form.url)) problems.url = 'invalidUrl'
  if (form.who === 'groups' && form.groups.length === 0) problems.groups = 'chooseGroup'
  const sending = headersChanged(server, form)
  const seen = new Set<string>()
  for (const row of filledRows(form)) {
    const name = row.name.trim()
    if (!name) problems.headerNames[row.key] = 'required'
    else if (!HEADER_NAME.test(name)) problems.headerNames[row.key] = 'invalidHeader'
    else if (seen.has(name.toLowerCase())) problems.headerNames[row.key] = 'duplicateHeader'
    seen.add(name.toLowerCase())
    if (sending && row.value === '')
      problems.headerValues[row.key] = row.stored ? 'valueAgain' : 'valueRequired'
  }
  return problems
}

export function hasProblems(problems: McpServerProblems): boolean {
  return (
    Boolean(problems.name || problems.url || problems.groups) ||
    Object.keys(problems.headerNames).length > 0 ||
    Object.keys(problems.headerValues).length > 0
  )
}

function headersOf(form: McpServerForm): Record<string, string> {
  return Object.fromEntries(filledRows(form).map((row) => [row.name.trim(), row.value]))
}

const groupsOf = (form: McpServerForm) => (form.who === 'everyone' ? [] : form.groups)

export function newServerOf(form: McpServerForm): NewMcpServer {
  const headers = headersOf(form)
  return {
    name: form.name.trim(),
    url: form.url.trim(),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    enabled: form.enabled,
    groups: groupsOf(form),
    approval: form.approval,
  }
}

/** Only what differs from the saved server; the headers only when they changed (then all of them). */
export function changesOf(server: McpServer, form: McpServerForm): McpServerChange {
  const change: McpServerChange = {}
  if (form.name.trim() !== server.name) change.name = form.name.trim()
  if (form.url.trim() !== server.url) change.url = form.url.trim()
  if (headersChanged(server, form)) change.headers = headersOf(form)
  if (form.enabled !== server.enabled) change.enabled = form.enabled
  const groups = groupsOf(form)
  if (groups.length !== server.groups.length || groups.some((id) => !server.groups.includes(id)))
    change.groups = groups
  if (form.approval !== server.approval) change.approval = form.approval
  return change
}
