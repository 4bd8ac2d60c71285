import { type ComponentProps, useState } from 'react'
import { lazyComponent } from '../../lib/lazy-component'

const FilePreviewDialog = lazyComponent(() =>
  import('./file-preview-dialog').then((module) => ({ default: module.FilePreviewDialog })),
)

/**
 * The preview dialog, fetched the first time a file is opened. Once fetched it stays mounted, so
 * closing plays the dialog's own close as before.
 */
export function LazyFilePreviewDialog(props: ComponentProps<typeof FilePreviewDialog>) {
  const [wanted, setWanted] = useState(false)
  if (props.file && !wanted) setWanted(true)
  if (!wanted && !props.file) return null
  return <FilePreviewDialog {...props} />
}
