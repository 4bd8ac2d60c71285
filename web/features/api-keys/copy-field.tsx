import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { useT } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import '../../i18n/areas/apiKeys'

/** A value to paste elsewhere (the new key, the base URL): shown whole, selected on focus, with Copy. */
export function CopyField({ id, value, testId }: { id: string; value: string; testId?: string }) {
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
      toast.error(t('apiKeys.copyFailed'))
    }
  }
  return (
    <div className="flex gap-2">
      <Input
        id={id}
        readOnly
        value={value}
        className="min-w-0 font-mono text-xs"
        onFocus={(event) => event.target.select()}
        data-testid={testId}
      />
      <Button variant="outline" onClick={copy} aria-live="polite">
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
      </Button>
    </div>
  )
}
