import { join } from 'node:path'
import { type Area, compiledEnglishArea, compiledModule, ENGLISH_AREAS } from '../web/i18n/compile'
import { LOCALES } from '../web/i18n/locales'

/**
 * Writes web/i18n/compiled/en/<area>.ts and web/i18n/compiled/<locale>.ts (run after editing a
 * catalogue; a unit test fails while they are stale).
 */
const folder = join(import.meta.dir, '..', 'web', 'i18n', 'compiled')
for (const area of Object.keys(ENGLISH_AREAS) as Area[]) {
  await Bun.write(join(folder, 'en', `${area}.ts`), compiledEnglishArea(area))
}
for (const locale of LOCALES) {
  if (locale !== 'en') await Bun.write(join(folder, `${locale}.ts`), compiledModule(locale))
}
console.log(`compiled ${Object.keys(ENGLISH_AREAS).length} English areas and ${LOCALES.length - 1} languages`)
