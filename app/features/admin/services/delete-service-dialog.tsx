/**
 * The confirmation before deleting a service. A service with sub-services asks what becomes of
 * them (the database refuses to orphan them): become top-level services, or be deleted too.
 * Nothing is deleted until the red button is pressed, and it stays disabled until a choice is made.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminService } from '#common/schemas/admin.ts';
import type { ServiceChildrenChoice } from '#common/schemas/services-admin.ts';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { ChoiceInput } from '../kit/ordered-content';
import { deleteServiceMutation } from './data';

/** What becomes of a service's children when it is deleted, in this order. */
const CHILDREN_CHOICES = [
  {
    value: 'promote',
    label: 'Les rattacher au premier niveau',
    hint: 'Ils deviennent des services principaux et restent sur le site.',
  },
  {
    value: 'delete',
    label: 'Les supprimer aussi',
    hint: 'Ils disparaissent définitivement avec ce service.',
  },
] as const;

export function DeleteServiceDialog({
  service,
  services,
  onClose,
}: {
  /** The service to delete; null when the dialog is closed. */
  service: AdminService | null;
  services: AdminService[];
  onClose: () => void;
}) {
  const remove = useMutation(deleteServiceMutation());
  const [choice, setChoice] = useState<ServiceChildrenChoice | null>(null);
  const name = useId();
  const children = service ? services.filter((s) => s.parentServiceId === service.id) : [];
  const needsChoice = children.length > 0;
  const close = () => {
    setChoice(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={service !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={<>Supprimer « {service?.title} » ?</>}
      confirmLabel="Supprimer"
      pendingLabel="Suppression..."
      pending={remove.isPending}
      confirmDisabled={needsChoice && choice === null}
      onConfirm={() => {
        if (!service) return;
        const search = needsChoice && choice ? `children=${choice}` : undefined;
        remove.mutate({ item: service, search }, { onSettled: close });
      }}
      extra={
        needsChoice ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-gray-900">
              Que faire de {children.length > 1 ? 'ses sous-services' : 'son sous-service'} :{' '}
              {children.map((child) => `« ${child.title} »`).join(', ')} ?
            </legend>
            {CHILDREN_CHOICES.map((option) => (
              <ChoiceRadio
                key={option.value}
                name={name}
                {...option}
                checked={choice === option.value}
                onChange={setChoice}
              />
            ))}
          </fieldset>
        ) : null
      }
    >
      {needsChoice
        ? `Ce service a ${children.length} sous-service${children.length > 1 ? 's' : ''}. Choisissez ce qu’${
            children.length > 1 ? 'ils deviennent' : 'il devient'
          } avant de confirmer.`
        : 'Il disparaîtra du site et des formulaires de devis. Cette action est irréversible.'}
    </ConfirmDialog>
  );
}

function ChoiceRadio({
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  value: ServiceChildrenChoice;
  checked: boolean;
  onChange: (value: ServiceChildrenChoice) => void;
  label: string;
  hint: string;
}) {
  return (
    <ChoiceInput
      type="radio"
      name={name}
      value={value}
      checked={checked}
      onChange={() => onChange(value)}
      label={label}
      hint={hint}
      className="rounded-lg border border-gray-200 p-3"
    />
  );
}
