/**
 * Adding or editing a testimonial, in a dialog: the words, who said them (name, role, company),
 * a portrait or the company's logo (uploads), the case study and the services it speaks for, the
 * order and the visibility, with the public card as it will look beside the fields. Checked with
 * the API's own schema before sending.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminService } from '#common/schemas/admin.ts';
import {
  type AdminTestimonial,
  TESTIMONIAL_QUOTE_MAX,
  type TestimonialInput,
  TestimonialInputSchema,
  type TestimonialPatch,
} from '#common/schemas/testimonials-admin.ts';
import { FieldError, fieldProps, SelectField, TextAreaField, TextField } from '~/components/form-fields';
import { TestimonialCard } from '~/components/testimonial-card';
import { useAdminForm } from '../kit/admin-form';
import { ImageUploadField } from '../kit/image-upload';
import { ChoiceInput, OrderAndVisibilityFields } from '../kit/ordered-content';
import {
  ItemDialogForm,
  type ItemFormProps,
  orderAndVisibilityDefaults,
  SitePreview,
} from '../kit/ordered-item-form';
import { caseStudiesQuery } from '../portfolio/data';
import { adminServicesQuery } from '../services/data';

type TestimonialOutput = z.output<typeof TestimonialInputSchema>;

/** The services as checkboxes, each offer followed by its prestations. */
function ServiceChoices({
  services,
  value,
  onChange,
  error,
}: {
  services: AdminService[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const parents = services.filter((service) => service.parentServiceId === null);
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  const choice = (service: AdminService, className?: string) => (
    <li key={service.id} className={className}>
      <ChoiceInput
        type="checkbox"
        label={service.title}
        checked={value.includes(service.id)}
        onChange={(event) => toggle(service.id, event.currentTarget.checked)}
      />
    </li>
  );
  return (
    <fieldset aria-describedby={error ? 'testimonial-services-error' : undefined}>
      <legend className="text-sm font-medium text-gray-900">
        Services concernés <span className="font-normal text-gray-600">(facultatif)</span>
      </legend>
      <p className="text-sm text-gray-600">
        Le témoignage apparaît aussi sur la page de chaque service coché.
      </p>
      <ul className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {parents.map((parent) => (
          <li key={parent.id}>
            <ul className="space-y-2">
              {choice(parent)}
              {services
                .filter((service) => service.parentServiceId === parent.id)
                .map((child) => choice(child, 'ml-6'))}
            </ul>
          </li>
        ))}
      </ul>
      <FieldError id="testimonial-services" error={error} />
    </fieldset>
  );
}

export function TestimonialForm({
  item: testimonial,
  items: testimonials,
  save,
  onClose,
}: ItemFormProps<AdminTestimonial, TestimonialPatch>) {
  const services = useQuery(adminServicesQuery);
  const studies = useQuery(caseStudiesQuery({ page: 1, pageSize: 100 }));
  const form = useAdminForm<TestimonialInput, TestimonialOutput>(zodResolver(TestimonialInputSchema), {
    quote: testimonial?.quote ?? '',
    authorName: testimonial?.authorName ?? '',
    authorRole: testimonial?.authorRole ?? '',
    company: testimonial?.company ?? '',
    photoUrl: testimonial?.photoUrl ?? null,
    logoUrl: testimonial?.logoUrl ?? null,
    caseStudyId: testimonial?.caseStudyId ?? '',
    serviceIds: testimonial?.serviceIds ?? [],
    ...orderAndVisibilityDefaults(testimonial, testimonials),
  });
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const field = fieldProps(register, errors);
  const values = watch();
  const study = studies.data?.items.find((item) => item.id === values.caseStudyId);

  return (
    <ItemDialogForm form={form} save={save} item={testimonial} onClose={onClose}>
      <TextAreaField
        label="Témoignage"
        rows={4}
        maxLength={TESTIMONIAL_QUOTE_MAX}
        placeholder="Ce que le client dit de votre travail, avec ses mots."
        {...field('quote')}
      />
      <p className="-mt-2 text-right text-xs text-gray-600" aria-live="polite">
        {(values.quote ?? '').length} / {TESTIMONIAL_QUOTE_MAX}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Nom" autoComplete="off" {...field('authorName')} />
        <TextField label="Fonction" optional autoComplete="off" {...field('authorRole')} />
        <TextField label="Entreprise" optional autoComplete="off" {...field('company')} />
      </div>
      <ImageUploadField control={control} name="photoUrl" label="Portrait" error={errors.photoUrl?.message} />
      <ImageUploadField
        control={control}
        name="logoUrl"
        label="Logo de l’entreprise"
        error={errors.logoUrl?.message}
      />
      <p className="-mt-2 text-sm text-gray-600">
        Le site montre le portrait, ou à défaut le logo, ou à défaut les initiales du client.
      </p>
      <SelectField
        label="Étude de cas liée"
        optional
        placeholder={null}
        options={[
          { value: '', label: 'Aucune' },
          ...(studies.data?.items ?? []).map((item) => ({
            value: item.id,
            label: item.isPublished ? item.title : `${item.title} (non publiée)`,
          })),
        ]}
        {...field('caseStudyId')}
      />
      <Controller
        control={control}
        name="serviceIds"
        render={({ field: serviceIds }) => (
          <ServiceChoices
            services={services.data?.services ?? []}
            value={serviceIds.value ?? []}
            onChange={serviceIds.onChange}
            error={errors.serviceIds?.message}
          />
        )}
      />
      <OrderAndVisibilityFields
        order={field('order', { valueAsNumber: true })}
        isActive={register('isActive')}
        hint="Décoché, le témoignage n’apparaît plus sur le site ; il est conservé."
      />
      <SitePreview id="testimonial-preview-title">
        <TestimonialCard
          className="mt-3"
          preview
          showCaseStudy={Boolean(study?.isPublished)}
          testimonial={{
            id: testimonial?.id ?? 'preview',
            quote: values.quote || 'Le témoignage apparaîtra ici.',
            authorName: values.authorName || 'Nom du client',
            authorRole: values.authorRole ?? '',
            company: values.company ?? '',
            photoUrl: values.photoUrl ?? null,
            logoUrl: values.logoUrl ?? null,
            caseStudy: study ? { id: study.id, title: study.title } : null,
            serviceIds: [],
          }}
        />
      </SitePreview>
    </ItemDialogForm>
  );
}
