import { SYSTEM_ACTOR_ID } from '../../../../src/admin/audit/system-actor'
import { formatBytes, formatDollars, formatMoney, formatNumber, formatPercent } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { isLocale, LOCALE_NAMES } from '../../../i18n/locales'
import { isKnownAction } from './audit-actions'
import type { AuditEntry } from './audit-query'
import '../../../i18n/areas/adminUsers'

type Details = Record<string, unknown>
const detailsOf = (entry: AuditEntry): Details =>
  entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details)
    ? { ...(entry.details as Details) }
    : {}

/** The detail fields the catalogue names (`adminUsers.audit.field.<name>`); any other shows as written. */
const FIELDS = [
  'email',
  'fullName',
  'role',
  'dailyLimit',
  'monthlyLimit',
  'alertThreshold',
  'enforce',
  'timeZone',
  'enabled',
  'displayName',
  'displayDescription',
  'inputPrice',
  'outputPrice',
  'vision',
  'companyName',
  'productName',
  'tagline',
  'primaryColor',
  'secondaryColor',
  'offered',
  'webhookUrl',
  'secret',
  'timeoutSeconds',
  'ragMinSimilarity',
  'defaultModel',
  'discovery',
  'by',
  'days',
  'rows',
  'file',
  'reasonCode',
  'caseNumber',
  'durationMinutes',
  'note',
  'impersonationId',
  'adminEmail',
  'path',
  'budget',
  'chatDays',
  'fileDays',
  'chats',
  'files',
  'images',
  'more',
] as const
type Field = (typeof FIELDS)[number]
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name)

const REASONS = ['customer_request', 'bug_investigation', 'account_recovery', 'compliance_review'] as const
const SECRET_CHANGES = ['changed', 'removed', 'unchanged'] as const
const DISCOVERIES = ['ok', 'failed', 'not_used'] as const
const GROUPINGS = ['day', 'model', 'user'] as const
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value)

/** An image size as a price's field ('1024x1792'). */
const IMAGE_SIZE = /^\d+x\d+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A uuid's first 8 characters: enough to tell things apart on one screen; the whole id is the title. */
export const shortId = (id: string) => (UUID.test(id) ? id.slice(0, 8) : id)

/** A target as the trail shows it, and the id that filters the trail to it (when it has one). */
export interface TargetText {
  text: string
  /** A second line: the target user's e-mail under their name. */
  secondary: string | null
  /** The whole id, for the tooltip and the filter. */
  id: string | null
  filterable: boolean
}

/**
 * Audit entries in words (decision 145): who (names, not ids), what (the action, or for a write
 * made during support access what it did), on what (a user by name, a chat by kind and short id,
 * never the raw route) and the details as "label: value" lines, never JSON.
 */
export function useEntryText() {
  const t = useT()
  const roleName = (role: unknown) =>
    role === 'admin' ? t('adminUsers.role.admin') : role === 'user' ? t('adminUsers.role.user') : String(role)
  const label = (name: string) =>
    isField(name)
      ? t(`adminUsers.audit.field.${name}`)
      : IMAGE_SIZE.test(name)
        ? name.replace('x', '×')
        : name

  /** One value in words: money, percent, yes/no, durations, known codes; `not set` for null. */
  function show(name: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return t('adminUsers.audit.value.none')
    if (typeof value === 'boolean')
      return value ? t('adminUsers.audit.value.yes') : t('adminUsers.audit.value.no')
    if (typeof value === 'number') {
      if (name === 'dailyLimit' || name === 'monthlyLimit') return formatMoney(value)
      // Per million tokens, or per image: up to six decimals.
      if (name === 'inputPrice' || name === 'outputPrice' || IMAGE_SIZE.test(name))
        return formatDollars(value, 6)
      if (name === 'alertThreshold') return formatPercent(value / 100)
      if (name === 'timeoutSeconds') return t('adminUsers.audit.value.seconds', { count: value })
      if (name === 'durationMinutes') return t('adminUsers.audit.value.minutes', { count: value })
      if (name === 'days') return t('adminUsers.audit.value.days', { count: value })
      if (name === 'chatDays' || name === 'fileDays')
        return t('adminUsers.audit.value.dayCount', { count: value })
      return formatNumber(value)
    }
    if (typeof value === 'string') {
      if (name === 'role') return roleName(value)
      if (name === 'preferredLanguage') return isLocale(value) ? LOCALE_NAMES[value] : value
      if (name === 'reasonCode' && oneOf(REASONS, value)) return t(`adminUsers.audit.value.reason.${value}`)
      if (name === 'secret' && oneOf(SECRET_CHANGES, value))
        return t(`adminUsers.audit.value.secret.${value}`)
      if (name === 'discovery' && oneOf(DISCOVERIES, value))
        return t(`adminUsers.audit.value.discovery.${value}`)
      if (name === 'by' && oneOf(GROUPINGS, value)) return t(`adminUsers.audit.value.by.${value}`)
      if (name === 'impersonationId') return shortId(value)
      return value
    }
    if (Array.isArray(value)) return value.map((item) => show(name, item)).join(', ')
    if (typeof value === 'object')
      return Object.entries(value as Details)
        .filter(([, item]) => item !== null && item !== undefined)
        .map(([key, item]) => `${label(key)}: ${show(key, item)}`)
        .join(', ')
    return String(value)
  }
  const line = (field: string, value: unknown) =>
    t('adminUsers.audit.detail.value', { field: label(field), value: show(field, value) })
  const change = (field: string, from: unknown, to: unknown) =>
    t('adminUsers.audit.detail.change', { field: label(field), from: show(field, from), to: show(field, to) })

  return {
    /** "Renamed a chat" for a support-access write; the action's words otherwise. */
    action(entry: AuditEntry): string {
      if (entry.action === 'impersonation.write' && entry.operation)
        return t(`adminUsers.audit.write.${entry.operation}`)
      return isKnownAction(entry.action) ? t(`adminUsers.audit.action.${entry.action}`) : entry.action
    },
    /** Who acted: their name, with the e-mail beneath; the e-mail the entry recorded for a deleted account. */
    who(entry: AuditEntry): { name: string; email: string | null } {
      if (entry.actorName) return { name: entry.actorName, email: entry.actorEmail }
      if (entry.actorId === SYSTEM_ACTOR_ID) return { name: t('adminUsers.audit.system'), email: null }
      return { name: entry.actorEmail ?? t('adminUsers.audit.system'), email: null }
    },
    /** "acting as Alice Example": whose account a support-access write was made in. */
    actingAs(entry: AuditEntry): string | null {
      if (!entry.actingAs) return null
      const name = entry.actingAs.name ?? entry.actingAs.email ?? t('adminUsers.audit.deletedAccount')
      return t('adminUsers.audit.actingAs', { name })
    },
    target(entry: AuditEntry): TargetText | null {
      const id = entry.targetId
      if (entry.targetType === 'user' && id) {
        const person = entry.targetUser
        const name = person?.name ?? person?.email ?? t('adminUsers.audit.deletedAccount')
        return { text: name, secondary: person?.name ? person.email : null, id, filterable: true }
      }
      if (entry.action === 'impersonation.write') {
        if (!entry.subject) return null
        const kind = t(`adminUsers.audit.subject.${entry.subject.kind}`)
        const thing = entry.subject.id
        return {
          text: thing ? `${kind} · ${shortId(thing)}` : kind,
          secondary: null,
          id: thing,
          filterable: false,
        }
      }
      if (entry.targetType === 'model')
        return id
          ? { text: t('adminUsers.audit.target.model', { name: id }), secondary: null, id, filterable: true }
          : { text: t('adminUsers.audit.target.models'), secondary: null, id: null, filterable: false }
      if (entry.targetType === 'agent' && id)
        return {
          text: t('adminUsers.audit.target.agent', { name: id }),
          secondary: null,
          id,
          filterable: true,
        }
      if (entry.targetType === 'organisation')
        return {
          text: t('adminUsers.audit.target.organisation'),
          secondary: null,
          id: null,
          filterable: false,
        }
      if (entry.targetType === 'usage')
        return { text: t('adminUsers.audit.target.usage'), secondary: null, id: null, filterable: false }
      return id ? { text: id, secondary: null, id, filterable: true } : null
    },
    /** The details as lines: known fields labelled, values in words, changes as "from → to". */
    details(entry: AuditEntry): string[] {
      const details = detailsOf(entry)
      const lines: string[] = []
      // The target column names the user already; a write's subject names what it acted on.
      if (entry.targetType === 'user') {
        delete details.email
        delete details.fullName
      }
      // A whole pass says nothing of what is left; one stopped at its bound says the rest comes next.
      if (entry.action === 'retention.run' && details.more !== true) delete details.more
      if (entry.action === 'impersonation.write') {
        delete details.impersonationId
        if (entry.operation) delete details.path
      }
      const { changes, from, to, sessionsEnded, preferredLanguage, type, size } = details
      for (const name of ['changes', 'from', 'to', 'sessionsEnded', 'preferredLanguage', 'type', 'size'])
        delete details[name]
      if (changes && typeof changes === 'object' && !Array.isArray(changes))
        for (const [field, value] of Object.entries(changes as Details)) {
          const pair = value as { from?: unknown; to?: unknown } | null
          lines.push(
            pair && typeof pair === 'object' && ('from' in pair || 'to' in pair)
              ? change(field, pair.from, pair.to)
              : line(field, value),
          )
        }
      if (from !== undefined || to !== undefined) {
        if (entry.action === 'user.role')
          lines.push(t('adminUsers.audit.detail.role', { from: roleName(from), to: roleName(to) }))
        else if (entry.action === 'budget.user_reset' && from && typeof from === 'object')
          // The user's own values, removed: the organisation's apply again.
          for (const [field, value] of Object.entries(from as Details)) {
            if (value !== null) lines.push(change(field, value, null))
          }
        else if (entry.action === 'model.default') lines.push(change('defaultModel', from, to))
        else lines.push(`${show('', from)} → ${show('', to)}`)
      }
      if (typeof sessionsEnded === 'number')
        lines.push(t('adminUsers.audit.detail.sessionsEnded', { count: sessionsEnded }))
      if (typeof preferredLanguage === 'string')
        lines.push(
          t('adminUsers.audit.detail.language', { language: show('preferredLanguage', preferredLanguage) }),
        )
      if (typeof type === 'string' || typeof size === 'number')
        lines.push(
          line(
            'file',
            [type, typeof size === 'number' ? formatBytes(size) : null].filter(Boolean).join(', '),
          ),
        )
      // The rest in the catalogue's order (the database keeps a JSON object's keys in its own order),
      // fields left empty (a support access without a note) left out.
      const rank = (name: string) => (isField(name) ? FIELDS.indexOf(name) : FIELDS.length)
      for (const [name, value] of Object.entries(details).sort(([a], [b]) => rank(a) - rank(b)))
        if (value !== null && value !== undefined && value !== '') lines.push(line(name, value))
      return lines
    },
  }
}
