/**
 * Choosing when something happens by itself (a campaign leaves, a post goes online), in Kinshasa
 * time whatever the browser's zone; a past or malformed time is refused here, the server checks
 * again. Minutes are enough for people; seconds typed in are kept.
 */
import { type FormEvent, useState } from 'react';
import { kinshasaDate, kinshasaLocal, kinshasaLocalToIso } from '#common/kinshasa.ts';
import { DateTimeField } from '~/components/date-time-field';
import { Button } from '~/components/ui/button';
import { splitDateTime } from '~/lib/french-date';
import { AdminDialog, DialogBody, DialogFooter, type DialogProps } from './dialog-frame';

export const SCHEDULE_DIALOG_MESSAGES = {
  invalid: 'Date et heure invalides',
  past: 'Choisissez une date et une heure à venir',
} as const;

export function ScheduleDialog({
  current,
  submitLabel = 'Programmer',
  onSchedule,
  ...dialog
}: DialogProps & {
  pending: boolean;
  title: string;
  description: string;
  /** The time already planned (ISO), shown first; else an hour from now. */
  current: string | null;
  submitLabel?: string;
  onSchedule: (isoWithOffset: string) => void;
}) {
  const initial = kinshasaLocal(current ? new Date(current) : new Date(Date.now() + 60 * 60 * 1000));
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!splitDateTime(value)) return setError(SCHEDULE_DIALOG_MESSAGES.invalid);
    const iso = kinshasaLocalToIso(value);
    if (new Date(iso).getTime() <= Date.now()) return setError(SCHEDULE_DIALOG_MESSAGES.past);
    setError(null);
    onSchedule(iso);
  };
  return (
    <AdminDialog {...dialog}>
      <form noValidate className="contents" onSubmit={submit}>
        <DialogBody>
          <DateTimeField
            label="Date et heure (Kinshasa)"
            value={value}
            onChange={setValue}
            min={kinshasaDate(new Date())}
            error={error ?? undefined}
          />
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={dialog.pending}>
            {dialog.pending ? 'Programmation...' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
