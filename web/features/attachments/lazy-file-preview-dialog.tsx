import { type ComponentProps, lazy, Suspense, useState } from 'react'

const FilePreviewDialog = lazy(() =>
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
  return (
    <Suspense fallback={null}>
      <FilePreviewDialog {...props} />
    </Suspense>
  )
}
