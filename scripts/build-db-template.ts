/**
 * `bun run build:db-template`: the embedded database's pre-initialised data folder (db/template.ts),
 * dist/db-template-<hash>.tar, so that a new DATA_DIR starts without initdb or migrations. Does
 * nothing when the file for the current migrations and PGlite version is already there.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { buildTemplate, TEMPLATE_FILE, TEMPLATE_PATH } from '../db/template'

const dist = dirname(TEMPLATE_PATH)
if (await Bun.file(TEMPLATE_PATH).exists()) {
  console.log(`dist/${TEMPLATE_FILE} is up to date`)
} else {
  const started = performance.now()
  mkdirSync(dist, { recursive: true })
  // Dumps for older migrations are never used again.
  for (const file of readdirSync(dist))
    if (/^db-template-[0-9a-f]+\.tar$/.test(file)) rmSync(`${dist}/${file}`)
  const dump = await buildTemplate()
  // Written whole, then renamed: a half-written dump must never look current.
  await Bun.write(`${TEMPLATE_PATH}.partial`, dump)
  await Bun.$`mv ${TEMPLATE_PATH}.partial ${TEMPLATE_PATH}`.quiet()
  console.log(
    `dist/${TEMPLATE_FILE} built in ${Math.round(performance.now() - started)} ms (${(dump.size / 1048576).toFixed(1)} MiB)`,
  )
}
