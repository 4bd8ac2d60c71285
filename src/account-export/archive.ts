import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { isAppError } from '../http/errors'
import { exportChat } from '../shares/export'
import { EXPORT_PAGE, exportContentsFor, type PageEnd } from './contents-data'
import { chatFolderName, FolderNames, imageExtension, zipEntryName } from './file-names'
import type { ZipInput } from './zip-writer'

/*
 * What goes into "Download all my data" (issue 32, point 4; docs/decisions/175-account-export.md),
 * as zip entries in order. Each chat is rendered by the per-chat export (src/shares/export.ts), so
 * its chat.json is the file Parley's import reads. Rows are read a page at a time and files one at
 * a time: the archive never holds more than one file in memory.
 */

const README = `Your {product} data

This archive holds everything {product} keeps for your account, as it was when the export was
made ({exportedAt}).

  profile.json        Your profile (name, e-mail address, language, theme) and your settings:
                      the preferred model, your agent choices and your projects. It holds no
                      password, session, API key or other secret.
  avatar.*            Your profile picture, when you set one.
  chats/              One folder per chat, named <date>-<title>-<first characters of its id>:
    chat.json         The whole chat with every branch (edited questions, regenerated answers),
                      in the format "parley.chat.v1", which {product} can import again.
    chat.md           The chat as you last looked at it (its current branch), as Markdown.
    files/            The files you attached to the chat's messages. Names were made safe to
                      unpack on any system; chat.json lists the names as they were uploaded.
  images/             The images you generated, one file per image, and images.json with the
                      prompt, size, style, model and time of each.
  prompts.json        The prompts of your prompt library (the ones you wrote).
  knowledge.json      Your knowledge entries: title, content, tags and when they were made.
                      Entries other people shared with you are theirs and are not included.
  usage.csv           Every model call of yours: time (UTC), model, input and output tokens,
                      cost in US dollars, whether the counts were estimated, and the chat.
  missing-files.json  Only when some stored file could not be read: which ones.

Times are UTC, in ISO 8601. The download is available for 7 days after it was ready.
`

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** Every page of a keyset read, one after another. */
async function* pages<T extends { at: string; id: string }>(read: (end?: PageEnd) => Promise<T[]>) {
  let end: PageEnd | undefined
  for (;;) {
    const page = await read(end)
    if (page.length === 0) return
    yield page
    const last = page.at(-1)!
    end = { at: last.at, id: last.id }
    if (page.length < EXPORT_PAGE) return
  }
}

/** A JSON array written as it is read: one page of rows in memory at a time. */
async function* jsonArray<T extends { at: string; id: string }>(
  read: (end?: PageEnd) => Promise<T[]>,
  shape: (row: T) => unknown,
): AsyncGenerator<string> {
  let first = true
  yield '['
  for await (const page of pages(read)) {
    const parts = page.map((row) => `${first ? '' : ','}\n  ${JSON.stringify(shape(row))}`)
    first = false
    yield parts.join('')
  }
  yield first ? ']\n' : '\n]\n'
}

/** A CSV cell: quoted when needed; a leading = + - @ gets a ' so spreadsheets do not run it as a formula. */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Micro-dollars as dollars with six decimals, exactly (no float rounding). */
function dollars(micros: number): string {
  const whole = Math.trunc(micros / 1_000_000)
  return `${whole}.${String(micros % 1_000_000).padStart(6, '0')}`
}

async function* usageCsv(read: ReturnType<typeof exportContentsFor>['usage']): AsyncGenerator<string> {
  yield 'date,model,input_tokens,output_tokens,cost_usd,estimated,source,chat_id\n'
  for await (const page of pages(read)) {
    yield page
      .map(
        (row) =>
          `${[
            row.createdAt.toISOString(),
            row.modelId,
            row.promptTokens,
            row.completionTokens,
            dollars(row.costMicros),
            row.estimated,
            row.viaApiKey ? 'api' : 'web',
            row.chatId,
          ]
            .map(csvCell)
            .join(',')}\n`,
      )
      .join('')
  }
}

/** The stored bytes of `key`, or null when the storage no longer has them. */
async function storedBytes(ctx: AppContext, key: string): Promise<Uint8Array | null> {
  const blob = await ctx.storage.get(key)
  return blob ? new Uint8Array(await blob.arrayBuffer()) : null
}

/**
 * The archive's entries for `actor`, in order. `signal` stops it between two entries (a server
 * stop); `onEntry` is called before each (the job's heartbeat looks at the clock there).
 */
export async function* exportEntries(
  ctx: AppContext,
  actor: Actor,
  options: { signal: AbortSignal; exportedAt: Date },
): AsyncGenerator<ZipInput> {
  const { signal, exportedAt } = options
  const data = exportContentsFor(ctx.db, actor)
  const missing: { path: string; name: string }[] = []
  const modified = exportedAt

  yield {
    name: 'README.txt',
    data: README.replaceAll('{product}', ctx.config.brand.productName)
      .replace('{exportedAt}', exportedAt.toISOString())
      .replaceAll('\n', '\r\n'),
    modified,
  }

  const account = await data.account()
  if (!account) throw new Error('The account no longer exists')
  const [agents, projects] = await Promise.all([data.agentSettings(), data.projects()])
  yield {
    name: 'profile.json',
    data: json({
      format: 'parley.profile.v1',
      exported_at: exportedAt.toISOString(),
      id: account.id,
      name: account.fullName,
      email: account.email,
      email_confirmed_at: account.emailConfirmedAt?.toISOString() ?? null,
      bio: account.bio,
      language: account.preferredLanguage,
      role: account.role,
      created_at: account.createdAt.toISOString(),
      updated_at: account.updatedAt.toISOString(),
      settings: {
        theme: account.themePreference,
        notifications_enabled: account.notificationsEnabled,
        preferred_model_id: account.preferredModelId,
        agents: agents.map((agent) => ({
          agent_id: agent.agentId,
          enabled: agent.enabled,
          visible: agent.visible,
          config: agent.config,
          calendar_email: agent.calendarEmail,
        })),
      },
      projects: projects.map((project) => ({
        id: project.id,
        name: project.name,
        instructions: project.instructions,
        created_at: project.createdAt.toISOString(),
      })),
    }),
    modified,
  }
  if (account.avatarKey) {
    const avatar = await storedBytes(ctx, account.avatarKey)
    const extension = /\.(png|jpg|gif|webp)$/.exec(account.avatarKey)?.[1] ?? 'bin'
    if (avatar) yield { name: `avatar.${extension}`, data: avatar, modified }
    else missing.push({ path: `avatar.${extension}`, name: 'profile picture' })
  }

  const folders = new FolderNames()
  for await (const page of pages((end) => data.chats(end))) {
    for (const chat of page) {
      signal.throwIfAborted()
      const folder = `chats/${folders.take(chatFolderName(chat))}`
      let rendered: { json: string; md: string }
      try {
        rendered = {
          json: await (await exportChat(ctx, actor, chat.id, 'json')).text(),
          md: await (await exportChat(ctx, actor, chat.id, 'md')).text(),
        }
      } catch (error) {
        // Deleted while the export ran: it is no longer the person's data.
        if (isAppError(error) && error.code === 'not_found:chat') continue
        throw error
      }
      yield { name: `${folder}/chat.json`, data: rendered.json, modified: chat.createdAt }
      yield { name: `${folder}/chat.md`, data: rendered.md, modified: chat.createdAt }
      const names = new FolderNames()
      // An edit or a fork gives the same stored file a new row: it goes into the folder once.
      const written = new Set<string>()
      for (const file of await data.chatFiles(chat.id)) {
        if (written.has(file.storageKey)) continue
        written.add(file.storageKey)
        signal.throwIfAborted()
        const path = `${folder}/files/${names.take(zipEntryName(file.filename))}`
        const bytes = await storedBytes(ctx, file.storageKey)
        if (bytes) yield { name: path, data: bytes, modified: file.createdAt }
        else missing.push({ path, name: file.filename })
      }
    }
  }

  const images: unknown[] = []
  for await (const page of pages((end) => data.images(end))) {
    for (const image of page) {
      signal.throwIfAborted()
      const path = `images/${image.id}.${imageExtension(image.contentType)}`
      const bytes = await storedBytes(ctx, image.storageKey)
      if (bytes) yield { name: path, data: bytes, modified: image.createdAt }
      else missing.push({ path, name: image.prompt })
      images.push({
        file: bytes ? path.slice('images/'.length) : null,
        prompt: image.prompt,
        size: image.size,
        style: image.style,
        model: image.modelId,
        message_id: image.messageId,
        created_at: image.createdAt.toISOString(),
      })
    }
  }
  yield { name: 'images/images.json', data: json(images), modified }

  signal.throwIfAborted()
  yield {
    name: 'prompts.json',
    data: jsonArray(
      (end) => data.prompts(end),
      (prompt) => ({
        title: prompt.title,
        description: prompt.description,
        prompt_text: prompt.promptText,
        category: prompt.category,
        tags: prompt.tags,
        variables: prompt.variables,
        tools: prompt.tools,
        model_id: prompt.modelId,
        is_public: prompt.isPublic,
        use_count: prompt.useCount,
        created_at: prompt.createdAt.toISOString(),
        updated_at: prompt.updatedAt.toISOString(),
      }),
    ),
    modified,
  }
  signal.throwIfAborted()
  yield {
    name: 'knowledge.json',
    data: jsonArray(
      (end) => data.knowledge(end),
      (entry) => ({
        title: entry.title,
        content: entry.content,
        tags: entry.tags,
        source_type: entry.sourceType,
        metadata: entry.metadata,
        is_shared: entry.isShared,
        created_at: entry.createdAt.toISOString(),
        updated_at: entry.updatedAt.toISOString(),
      }),
    ),
    modified,
  }
  signal.throwIfAborted()
  yield { name: 'usage.csv', data: usageCsv((end) => data.usage(end)), modified }
  if (missing.length) yield { name: 'missing-files.json', data: json(missing), modified }
}
