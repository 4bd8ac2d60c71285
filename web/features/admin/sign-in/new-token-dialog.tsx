import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { CopyField } from '../../../ui/copy-field'
import { Dialog } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { ShownOnceNotice } from '../../../ui/shown-once-notice'
import { type CreatedScimToken, createScimToken, scimTokensQuery } from './sign-in-query'
import '../../../i18n/areas/adminSignIn'

/** Names a new SCIM token, then shows it once, with Copy and the warning that it will not be shown again. */
export default function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [label, setLabel] = useState('')
  const [created, setCreated] = useState<CreatedScimToken | null>(null)
  const create = useMutation({
    mutationFn: () => createScimToken(label.trim()),
    onSuccess: (token) => {
      setCreated(token)
      void queryClient.invalidateQueries({ queryKey: scimTokensQuery.queryKey })
    },
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate()
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('adminSignIn.scim.createTitle')}
      description={created ? undefined : t('adminSignIn.scim.createDescription')}
      testId="scim-token-dialog"
    >
      {created ? (
        <div className="flex flex-col gap-4">
          <ShownOnceNotice>{t('adminSignIn.scim.once')}</ShownOnceNotice>
          <FormField label={t('adminSignIn.scim.token')}>
            {(control) => <CopyField id={control.id} value={created.token} testId="scim-token-value" />}
          </FormField>
          <div className="flex justify-end">
            <Button onClick={onClose} data-testid="scim-token-done">
              {t('adminSignIn.scim.done')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <FormField label={t('adminSignIn.scim.labelField')}>
            {(control) => (
              <Input
                id={control.id}
                value={label}
                maxLength={100}
                autoComplete="off"
                placeholder="Okta"
                onChange={(event) => setLabel(event.target.value)}
                data-testid="scim-token-label"
              />
            )}
          </FormField>
          {create.isError ? <Alert tone="error">{create.error.message}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('adminSignIn.cancel')}
            </Button>
            <Button type="submit" busy={create.isPending} data-testid="create-scim-token">
              {t('adminSignIn.scim.create')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
