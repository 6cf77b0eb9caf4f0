/**
 * Adding or editing a client logo, in a dialog: the client's name (the image's alternative text,
 * or the wordmark drawn when there is no image), the logo (PNG, WebP or SVG), the client's site,
 * the order and the visibility, with the logo as the site shows it: grey, and in colour as on
 * hover. Checked with the API's own schema before sending.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AdminClientLogo,
  CLIENT_NAME_MAX,
  type ClientLogoInput,
  ClientLogoInputSchema,
} from '#common/schemas/client-logos-admin.ts';
import { ClientLogoMark } from '~/components/client-logo';
import { fieldProps, TextField } from '~/components/form-fields';
import { saveItem, useAdminForm } from '../kit/admin-form';
import { FormActions } from '../kit/buttons';
import { DialogForm } from '../kit/dialog-frame';
import { ImageUploadField } from '../kit/image-upload';
import { ItemFormDialog } from '../kit/item-screen';
import { OrderAndVisibilityFields } from '../kit/ordered-content';
import { saveClientLogoMutation } from './data';

type ClientLogoOutput = z.output<typeof ClientLogoInputSchema>;

export function ClientLogoDialog({
  logo,
  open,
  logos,
  onClose,
}: {
  /** The logo being edited, or null for a new one. */
  logo: AdminClientLogo | null;
  open: boolean;
  logos: AdminClientLogo[];
  onClose: () => void;
}) {
  return (
    <ItemFormDialog
      open={open}
      onClose={onClose}
      title={logo ? 'Modifier le logo' : 'Ajouter un logo'}
      description={logo ? logo.name : 'Il apparaît dans la rangée « Ils nous font confiance ».'}
    >
      {open ? <ClientLogoForm key={logo?.id ?? 'new'} logo={logo} logos={logos} onClose={onClose} /> : null}
    </ItemFormDialog>
  );
}

function ClientLogoForm({
  logo,
  logos,
  onClose,
}: {
  logo: AdminClientLogo | null;
  logos: AdminClientLogo[];
  onClose: () => void;
}) {
  const save = useMutation(saveClientLogoMutation());
  const form = useAdminForm<ClientLogoInput, ClientLogoOutput>(zodResolver(ClientLogoInputSchema), {
    name: logo?.name ?? '',
    logoUrl: logo?.logoUrl ?? null,
    websiteUrl: logo?.websiteUrl ?? '',
    order: logo?.order ?? (logos.length === 0 ? 0 : Math.max(...logos.map((l) => l.order)) + 1),
    isActive: logo?.isActive ?? true,
  });
  const { register, control, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const field = fieldProps(register, errors);
  const values = watch();
  const preview = { name: values.name || 'Nom du client', logoUrl: values.logoUrl ?? null };
  // Where it stands in the list (a new one comes last): the wordmark the site will draw.
  const place = logo ? logos.findIndex((l) => l.id === logo.id) : logos.length;

  const onSubmit = handleSubmit((output) =>
    saveItem(save, logo?.id ?? null, output, {
      form,
      fallback: 'Le logo n’a pas pu être enregistré.',
      onSaved: onClose,
    }),
  );

  return (
    <DialogForm onSubmit={onSubmit} footer={<FormActions pending={save.isPending} onCancel={onClose} />}>
      <TextField label="Nom du client" autoComplete="off" maxLength={CLIENT_NAME_MAX} {...field('name')} />
      <ImageUploadField control={control} name="logoUrl" label="Logo" error={errors.logoUrl?.message} />
      <p className="-mt-2 text-sm text-gray-600">
        De préférence un SVG ou un PNG à fond transparent. Sans image, le site écrit le nom du client.
      </p>
      <TextField
        label="Site du client"
        optional
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
        {...field('websiteUrl')}
      />
      <OrderAndVisibilityFields
        order={field('order', { valueAsNumber: true })}
        isActive={register('isActive')}
        hint="Décoché, le logo n’apparaît plus sur le site ; il est conservé."
      />
      <section aria-labelledby="client-logo-preview-title" className="rounded-xl bg-gray-50 p-4">
        <h3 id="client-logo-preview-title" className="text-sm font-semibold text-gray-900">
          Aperçu sur le site
        </h3>
        <div className="mt-3 flex flex-wrap gap-6">
          <figure className="flex flex-col items-center gap-1">
            <ClientLogoMark logo={preview} index={place} className="opacity-70 grayscale" />
            <figcaption className="text-xs text-gray-600">Au repos</figcaption>
          </figure>
          <figure className="flex flex-col items-center gap-1">
            <ClientLogoMark logo={preview} index={place} />
            <figcaption className="text-xs text-gray-600">Au survol</figcaption>
          </figure>
        </div>
      </section>
    </DialogForm>
  );
}
