import { type Database, openPglite, openPostgres } from './client'
import { type EmbeddedProcessEvent, openEmbeddedProcess } from './embedded/process'
import { refuseOtherMajorVersion } from './embedded-version'
import { findTemplate } from './template'
import { extractTemplate, isNewDataDir } from './template-extract'

/**
 * PGlite in `DATA_DIR/pg` when no DATABASE_URL is set (in this process, or in a child process with
 * EMBEDDED_DATABASE=process: db/embedded/process.ts); otherwise the Postgres server it names.
 * A new data folder starts from the pre-initialised template when the build made one (db/template.ts).
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  embeddedDatabase?: 'inline' | 'process'
  onEmbeddedEvent?: (event: EmbeddedProcessEvent) => void
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  const dataDir = `${options.dataDir}/pg`
  refuseOtherMajorVersion(dataDir)
  const templatePath = findTemplate()
  if (options.embeddedDatabase === 'process')
    return openEmbeddedProcess({ dataDir, templatePath, onEvent: options.onEmbeddedEvent })
  if (templatePath && isNewDataDir(dataDir)) await extractTemplate(Bun.file(templatePath), dataDir)
  return openPglite(dataDir)
}
