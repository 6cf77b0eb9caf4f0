/**
 * The confirmation before erasing a subscriber (the right to erasure): it says in plain words what
 * goes and that it cannot be undone. Nothing is deleted until "Supprimer définitivement" is
 * pressed inside this dialog.
 */
import { useMutation } from '@tanstack/react-query';
import { EmailAddress } from '~/components/email-address';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { eraseSubscriberMutation, type SubscriberDialogProps } from './data';

export function EraseDialog({ subscriber, onClose }: SubscriberDialogProps) {
  const erase = useMutation(eraseSubscriberMutation());
  return (
    <ConfirmDialog
      open={subscriber !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Supprimer définitivement cet abonné ?"
      confirmLabel="Supprimer définitivement"
      pendingLabel="Suppression..."
      pending={erase.isPending}
      onConfirm={() => {
        if (subscriber) erase.mutate(subscriber, { onSuccess: onClose });
      }}
    >
      <p>
        L’adresse{' '}
        <strong className="wrap-anywhere text-gray-900">
          <EmailAddress email={subscriber?.email ?? ''} />
        </strong>{' '}
        sera effacée de la base, avec ses liens de confirmation et de désabonnement et les emails qui ne lui
        ont pas encore été envoyés.
      </p>
      <p className="font-medium text-red-800">
        Cette action est irréversible. Exportez d’abord ses données si vous devez les conserver ou les lui
        transmettre.
      </p>
    </ConfirmDialog>
  );
}
