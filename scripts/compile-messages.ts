import { join } from 'node:path'
import { compiledModule } from '../web/i18n/compile'
import { LOCALES } from '../web/i18n/locales'

/** Writes web/i18n/compiled/<locale>.ts for every language (run after editing a catalogue). */
const folder = join(import.meta.dir, '..', 'web', 'i18n', 'compiled')
for (const locale of LOCALES) await Bun.write(join(folder, `${locale}.ts`), compiledModule(locale))
console.log(`compiled ${LOCALES.length} catalogues into web/i18n/compiled/`)
