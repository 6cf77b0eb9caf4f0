/**
 * Adding or editing a client logo, in a dialog: the client's name (the image's alternative text,
 * or the wordmark drawn when there is no image), the logo (PNG, WebP or SVG), the client's site,
 * the order and the visibility, with the logo as the site shows it: grey, and in colour as on
 * hover. Checked with the API's own schema before sending.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  type AdminClientLogo,
  CLIENT_NAME_MAX,
  type ClientLogoInput,
  ClientLogoInputSchema,
  type ClientLogoPatch,
} from '#common/schemas/client-logos-admin.ts';
import { ClientLogoMark } from '~/components/client-logo';
import { fieldProps, TextField } from '~/components/form-fields';
import { useAdminForm } from '../kit/admin-form';
import { ImageUploadField } from '../kit/image-upload';
import { OrderAndVisibilityFields } from '../kit/ordered-content';
import {
  ItemDialogForm,
  type ItemFormProps,
  orderAndVisibilityDefaults,
  SitePreview,
} from '../kit/ordered-item-form';

type ClientLogoOutput = z.output<typeof ClientLogoInputSchema>;

export function ClientLogoForm({
  item: logo,
  items: logos,
  save,
  onClose,
}: ItemFormProps<AdminClientLogo, ClientLogoPatch>) {
  const form = useAdminForm<ClientLogoInput, ClientLogoOutput>(zodResolver(ClientLogoInputSchema), {
    name: logo?.name ?? '',
    logoUrl: logo?.logoUrl ?? null,
    websiteUrl: logo?.websiteUrl ?? '',
    ...orderAndVisibilityDefaults(logo, logos),
  });
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const field = fieldProps(register, errors);
  const values = watch();
  const preview = { name: values.name || 'Nom du client', logoUrl: values.logoUrl ?? null };
  // Where it stands in the list (a new one comes last): the wordmark the site will draw.
  const place = logo ? logos.findIndex((l) => l.id === logo.id) : logos.length;

  return (
    <ItemDialogForm form={form} save={save} item={logo} onClose={onClose}>
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
      <SitePreview id="client-logo-preview-title">
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
      </SitePreview>
    </ItemDialogForm>
  );
}
