import { RetentionNotice } from './retention-notice'
import '../../i18n/areas/yourData'

/** Settings › Your data (issue 32): what the organisation keeps. */
export default function YourDataTab() {
  return (
    <div className="flex flex-col gap-6" data-testid="your-data">
      <RetentionNotice />
    </div>
  )
}
