import { t } from 'elysia'

/*
 * Request shapes. Loose strings here, checked in service.ts, so a wrong value gets its own code
 * (`bad_request:days`, `bad_request:by`) and a sentence naming what is accepted — and so a non-admin
 * is refused (403) before any value is looked at.
 */

export const usageQuery = t.Object({
  days: t.Optional(t.String({ maxLength: 10 })),
})

export const usageCsvQuery = t.Object({
  days: t.Optional(t.String({ maxLength: 10 })),
  by: t.Optional(t.String({ maxLength: 10 })),
})
