/**
 * Creating or editing a service, in a dialog: title, description, parent (top-level services
 * only, the site shows two levels), icon with the live preview of what the public site will show
 * (the same component and rules, docs/product.md §3.3), order and visibility. Checked with the API's own
 * schema before sending; the server's field errors land under the same fields.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminService } from '#common/schemas/admin.ts';
import { type ServiceInput, ServiceInputSchema } from '#common/schemas/services-admin.ts';
import { FieldError, fieldProps, SelectChevron, TextAreaField, TextField } from '~/components/form-fields';
import { ServiceIcon } from '~/components/service-icon';
import { cn } from '~/lib/cn';
import { type IconColor, KNOWN_ICONS, resolveServiceIcon } from '~/lib/service-icon';
import { useAdminForm } from '../kit/admin-form';
import { ItemFormDialog } from '../kit/item-screen';
import { OrderAndVisibilityFields } from '../kit/ordered-content';
import { ItemDialogForm, orderAndVisibilityDefaults } from '../kit/ordered-item-form';
import { saveServiceMutation } from './data';

type ServiceOutput = z.output<typeof ServiceInputSchema>;

/** What the dialog edits: an existing service, or a new one (optionally under a parent). */
export type ServiceFormTarget = { service: AdminService } | { parentServiceId: string | null };

const COLOR_NAMES: Record<IconColor, string> = {
  orange: 'orange',
  blue: 'bleu',
  purple: 'violet',
  green: 'vert',
  emerald: 'émeraude',
};

// Aliases draw the same picture as another name: offer each picture once.
const PICKER_ICONS = KNOWN_ICONS.filter((name) => name !== 'bar-chart-3' && name !== 'line-chart');

export function ServiceFormDialog({
  target,
  services,
  onClose,
}: {
  target: ServiceFormTarget | null;
  services: AdminService[];
  onClose: () => void;
}) {
  const editing = target && 'service' in target ? target.service : null;
  return (
    <ItemFormDialog
      open={target !== null}
      onClose={onClose}
      title={editing ? 'Modifier le service' : 'Nouveau service'}
      description={
        editing ? editing.title : 'Il apparaît sur le site dès son enregistrement s’il est visible.'
      }
    >
      {target ? (
        <ServiceForm
          key={editing?.id ?? `new-${'parentServiceId' in target ? target.parentServiceId : ''}`}
          target={target}
          services={services}
          onClose={onClose}
        />
      ) : null}
    </ItemFormDialog>
  );
}

/** How the form saves a service, and the toast of a failure that no field explains. */
const SERVICE_SAVE = { mutation: saveServiceMutation, fallback: 'Le service n’a pas pu être enregistré.' };

function ServiceForm({
  target,
  services,
  onClose,
}: {
  target: ServiceFormTarget;
  services: AdminService[];
  onClose: () => void;
}) {
  const editing = 'service' in target ? target.service : null;
  const parentId = editing
    ? editing.parentServiceId
    : 'parentServiceId' in target
      ? target.parentServiceId
      : null;
  const form = useAdminForm<ServiceInput, ServiceOutput>(zodResolver(ServiceInputSchema), {
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    icon: editing?.icon ?? '',
    parentServiceId: parentId,
    // A new service comes after the last one of its level.
    ...orderAndVisibilityDefaults(
      editing,
      services.filter((s) => s.parentServiceId === parentId),
    ),
  });
  const { register, control, formState, watch, setValue } = form;
  const errors = formState.errors;
  const field = fieldProps(register, errors);
  const hasChildren = editing ? services.some((s) => s.parentServiceId === editing.id) : false;
  // A parent is a top-level service other than this one (the site shows two levels).
  const parents = services.filter((s) => s.parentServiceId === null && s.id !== editing?.id);

  return (
    <ItemDialogForm form={form} save={SERVICE_SAVE} item={editing} onClose={onClose}>
      <TextField label="Titre" autoComplete="off" {...field('title')} />
      <TextAreaField label="Description" rows={3} {...field('description')} />
      <Controller
        control={control}
        name="parentServiceId"
        render={({ field }) => (
          <ParentSelect
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            parents={parents}
            disabled={hasChildren}
            error={errors.parentServiceId?.message}
          />
        )}
      />
      <IconField
        icon={watch('icon') ?? ''}
        title={watch('title')}
        registration={register('icon')}
        error={errors.icon?.message}
        onPick={(name) =>
          setValue('icon', name, { shouldValidate: formState.isSubmitted, shouldDirty: true })
        }
      />
      <OrderAndVisibilityFields
        order={field('order', { valueAsNumber: true })}
        isActive={register('isActive')}
        hint="Décoché, le service (et ses sous-services) n’apparaît plus sur le site ni dans les formulaires."
      />
    </ItemDialogForm>
  );
}

function ParentSelect({
  value,
  onChange,
  onBlur,
  parents,
  disabled,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  parents: AdminService[];
  disabled: boolean;
  error?: string;
}) {
  const id = useId();
  const describedBy = [disabled ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        Service parent
      </label>
      <div className="relative">
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'block w-full appearance-none rounded-lg border bg-white py-2.5 pr-10 pl-3 text-base text-gray-900 focus:outline-2 disabled:bg-gray-50',
            error
              ? 'border-red-600 focus:outline-red-600/30'
              : 'border-gray-300 focus:border-brand-700 focus:outline-brand-700/30',
          )}
        >
          <option value="">Aucun : service principal</option>
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.title}
              {parent.isActive ? '' : ' (masqué)'}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
      {disabled ? (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          Ce service a des sous-services : il reste un service principal.
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

function IconField({
  icon,
  title,
  registration,
  error,
  onPick,
}: {
  icon: string;
  title: string;
  registration: UseFormRegisterReturn<'icon'>;
  error?: string;
  onPick: (name: string) => void;
}) {
  const id = useId();
  const resolved = resolveServiceIcon(icon, title);
  const typed = icon.trim().toLowerCase();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          Icône <span className="font-normal text-gray-600">(facultatif)</span>
        </label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          list={`${id}-names`}
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:outline-2',
            error
              ? 'border-red-600 focus:outline-red-600/30'
              : 'border-gray-300 focus:border-brand-700 focus:outline-brand-700/30',
          )}
        />
        <datalist id={`${id}-names`}>
          {KNOWN_ICONS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          Un nom de la liste, ou un mot-clé (marketing, web, design, data…) : le site choisit alors l’icône et
          la couleur d’après ce mot puis d’après le titre. Vide : d’après le titre seul.
        </p>
        <FieldError id={id} error={error} />
      </div>

      <div className="flex items-center gap-3 rounded-lg bg-gray-50 p-3" data-testid="icon-preview">
        <ServiceIcon icon={icon} title={title} />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-gray-900">Aperçu sur le site</p>
          <p className="text-gray-700" aria-live="polite">
            Icône « {resolved.icon} », couleur {COLOR_NAMES[resolved.color]}
          </p>
        </div>
      </div>

      <details className="rounded-lg border border-gray-200">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-800">
          Choisir dans la liste des icônes
        </summary>
        <ul className="grid grid-cols-5 gap-2 p-3 sm:grid-cols-8" aria-label="Icônes disponibles">
          {PICKER_ICONS.map((name) => (
            <li key={name}>
              <button
                type="button"
                aria-label={`Icône ${name}`}
                aria-pressed={typed === name}
                title={name}
                onClick={() => onPick(name)}
                className={cn(
                  'rounded-xl focus-visible:outline-2 focus-visible:outline-brand-700',
                  typed === name && 'ring-2 ring-brand-700 ring-offset-2',
                )}
              >
                <ServiceIcon icon={name} title={title} className="size-10" />
              </button>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
