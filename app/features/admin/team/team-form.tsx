/**
 * Adding or editing a team member, in a dialog: name, position, bio (the card shows 3 lines),
 * skills typed as comma-separated text with a preview of what the card shows (the first 3),
 * photo (uploaded, app/features/admin/kit/image-upload.tsx), LinkedIn and Twitter links (https
 * only), order and visibility. Checked with the API's own schema before sending.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { TEAM_MAX_SKILLS } from '#common/constants.ts';
import {
  type AdminTeamMember,
  splitSkills,
  type TeamMemberInput,
  TeamMemberInputSchema,
  type TeamMemberPatch,
} from '#common/schemas/team-admin.ts';
import { fieldProps, TextAreaField, TextField } from '~/components/form-fields';
import { useAdminForm } from '../kit/admin-form';
import { Badge } from '../kit/badge';
import { ImageUpload } from '../kit/image-upload';
import { OrderAndVisibilityFields } from '../kit/ordered-content';
import { ItemDialogForm, type ItemFormProps, orderAndVisibilityDefaults } from '../kit/ordered-item-form';
import { PhotoFocusField } from './photo-focus-field';

type TeamMemberOutput = z.output<typeof TeamMemberInputSchema>;

export function TeamMemberForm({
  item: member,
  items: members,
  save,
  onClose,
}: ItemFormProps<AdminTeamMember, TeamMemberPatch>) {
  const form = useAdminForm<TeamMemberInput, TeamMemberOutput>(zodResolver(TeamMemberInputSchema), {
    name: member?.name ?? '',
    position: member?.position ?? '',
    bio: member?.bio ?? '',
    skills: member?.skills.join(', ') ?? '',
    photoUrl: member?.photoUrl ?? null,
    photoFocusX: member?.photoFocusX ?? 50,
    photoFocusY: member?.photoFocusY ?? 50,
    linkedinUrl: member?.linkedinUrl ?? '',
    twitterUrl: member?.twitterUrl ?? '',
    ...orderAndVisibilityDefaults(member, members),
  });
  const { register, control, formState, watch, setValue } = form;
  const photoUrl = watch('photoUrl');
  const focus = { x: watch('photoFocusX') ?? 50, y: watch('photoFocusY') ?? 50 };
  const setFocus = ({ x, y }: { x: number; y: number }) => {
    setValue('photoFocusX', x, { shouldDirty: true });
    setValue('photoFocusY', y, { shouldDirty: true });
  };
  const errors = formState.errors;
  const field = fieldProps(register, errors);
  const skills = splitSkills(watch('skills') ?? '');

  return (
    <ItemDialogForm form={form} save={save} item={member} onClose={onClose}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nom" autoComplete="off" {...field('name')} />
        <TextField label="Poste" autoComplete="off" {...field('position')} />
      </div>
      <Controller
        control={control}
        name="photoUrl"
        render={({ field: photo }) => (
          <ImageUpload
            label="Photo"
            value={photo.value ?? null}
            // A new photo has its own framing: centred until the staff choose.
            onChange={(url) => {
              photo.onChange(url);
              setFocus({ x: 50, y: 50 });
            }}
            error={errors.photoUrl?.message}
          />
        )}
      />
      {photoUrl ? <PhotoFocusField photoUrl={photoUrl} x={focus.x} y={focus.y} onChange={setFocus} /> : null}
      <TextAreaField label="Biographie" optional rows={3} {...field('bio')} />
      <div className="flex flex-col gap-2">
        <TextField
          label="Compétences"
          optional
          autoComplete="off"
          placeholder="SEO, Publicité Facebook, Emailing"
          {...field('skills')}
        />
        <p className="text-sm text-gray-600">
          Séparées par des virgules. Les {TEAM_MAX_SKILLS} premières sont affichées sur la carte.
        </p>
        {skills.length > 0 ? (
          <ul aria-label="Aperçu des compétences" className="flex flex-wrap gap-1.5">
            {skills.map((skill, index) => (
              <li key={skill}>
                <Badge tone={index < TEAM_MAX_SKILLS ? 'green' : 'gray'}>{skill}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Profil LinkedIn"
          optional
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/in/…"
          {...field('linkedinUrl')}
        />
        <TextField
          label="Profil Twitter / X"
          optional
          type="url"
          inputMode="url"
          placeholder="https://x.com/…"
          {...field('twitterUrl')}
        />
      </div>
      <OrderAndVisibilityFields
        order={field('order', { valueAsNumber: true })}
        isActive={register('isActive')}
        hint="Décoché, la carte n’apparaît plus sur le site ; la fiche est conservée."
      />
    </ItemDialogForm>
  );
}
