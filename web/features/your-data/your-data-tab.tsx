import { ExportPanel } from './export-panel'
import { ImportPanel } from './import-panel'
import { RetentionNotice } from './retention-notice'
import '../../i18n/areas/yourData'

/** Settings › Your data (issue 32): taking it out, bringing chats in, and what the organisation keeps. */
export default function YourDataTab() {
  return (
    <div className="flex flex-col gap-6" data-testid="your-data">
      <ExportPanel />
      <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <ImportPanel />
      </div>
      <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <RetentionNotice />
      </div>
    </div>
  )
}
