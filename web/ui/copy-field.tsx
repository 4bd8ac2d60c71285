import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/i18n'
import { toast } from '../lib/toast'
import { Button } from './button'
import { Input } from './input'

/**
 * A value to paste elsewhere (a new key or token, an address for an identity provider): shown
 * whole, selected on focus, with Copy, which says Copied for two seconds.
 */
export function CopyField({
  id,
  value,
  describedBy,
  testId,
}: {
  id: string
  value: string
  describedBy?: string
  testId?: string
}) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      toast.error(t('common.copyFailed'))
    }
  }
  return (
    <div className="flex gap-2">
      <Input
        id={id}
        readOnly
        value={value}
        aria-describedby={describedBy}
        className="min-w-0 font-mono text-xs"
        onFocus={(event) => event.target.select()}
        data-testid={testId}
      />
      <Button variant="outline" onClick={copy} aria-live="polite">
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {copied ? t('common.copied') : t('common.copy')}
      </Button>
    </div>
  )
}
