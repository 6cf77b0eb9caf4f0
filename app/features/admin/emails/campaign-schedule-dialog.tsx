/** Choosing when a campaign leaves, in Kinshasa time; a past or malformed date is refused here. */
import { useState } from 'react';
import type { CampaignDetail } from '#common/schemas/campaigns.ts';
import { TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { AdminDialog, DialogBody, DialogFooter, type DialogProps } from '../dialog-frame';
import { isoToKinshasaLocal, kinshasaLocalToIso } from '../ui';

export function CampaignScheduleDialog({
  campaign,
  open,
  pending,
  onOpenChange,
  onSchedule,
}: DialogProps & {
  campaign: CampaignDetail;
  pending: boolean;
  onSchedule: (scheduledAt: string) => void;
}) {
  const initial = campaign.scheduledAt
    ? isoToKinshasaLocal(new Date(campaign.scheduledAt))
    : isoToKinshasaLocal(new Date(Date.now() + 60 * 60 * 1000));
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return setError('Date et heure invalides');
    const iso = kinshasaLocalToIso(value);
    if (new Date(iso).getTime() <= Date.now()) return setError('Choisissez une date et une heure à venir');
    setError(null);
    onSchedule(iso);
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title="Programmer l'envoi"
      description="La campagne partira d'elle-même à cette heure, heure de Kinshasa."
    >
      <form
        noValidate
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <TextField
            label="Date et heure (Kinshasa)"
            type="datetime-local"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error ?? undefined}
          />
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {pending ? 'Programmation...' : 'Programmer'}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
