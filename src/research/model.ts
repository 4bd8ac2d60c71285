import { t } from 'elysia'

/** The spec's "Deep research options" (section 3); blanks and depths are checked by the service, with the spec's messages. */
export const startResearchBody = t.Object({
  chatId: t.Optional(t.String({ format: 'uuid', error: 'chatId must be a chat id' })),
  topic: t.Optional(t.String({ error: 'Please enter a research topic' })),
  includeWeb: t.Optional(t.Boolean({ error: 'includeWeb must be true or false' })),
  includeAcademic: t.Optional(t.Boolean({ error: 'includeAcademic must be true or false' })),
  includeNews: t.Optional(t.Boolean({ error: 'includeNews must be true or false' })),
  includeStats: t.Optional(t.Boolean({ error: 'includeStats must be true or false' })),
  depth: t.Optional(t.String({ error: 'Depth must be quick, thorough or comprehensive' })),
})
