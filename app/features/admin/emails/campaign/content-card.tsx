/**
 * The campaign's email: blocks in the composer beside their live preview, or, behind "Avancé", an
 * MJML template with one field per variable that is campaign content.
 */
import { lazy, Suspense } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { EmailTemplateSummary, TemplateVariableInfo } from '#common/schemas/campaigns.ts';
import { controlClass, type fieldProps, TextAreaField } from '~/components/form-fields';
import { FieldsetCard } from '../../kit/page';
import { EditorPlaceholder } from '../../rich-text/markdown-editor-field';
import type { BlockErrorOf } from '../composer/block-composer';
import { ComposerPreview } from '../composer/composer-preview';
import type { CampaignControl, CampaignErrors, CampaignForm } from './form';

/** The composer loads after the screen, behind a placeholder. */
const BlockComposer = lazy(() =>
  import('../composer/block-composer').then((module) => ({ default: module.BlockComposer })),
);

export function ContentCard({
  control,
  errors,
  field,
  templates,
  template,
  fields,
}: {
  control: CampaignControl;
  errors: CampaignErrors;
  field: ReturnType<typeof fieldProps<CampaignForm>>;
  templates: EmailTemplateSummary[];
  /** The chosen template, in the "Avancé" mode. */
  template: EmailTemplateSummary | undefined;
  /** Its variables that are campaign content. */
  fields: TemplateVariableInfo[];
}) {
  const [mode, subject, blocks] = useWatch({ control, name: ['mode', 'subject', 'blocks'] });
  const blockError: BlockErrorOf = (index, name) => {
    const blockErrors = errors.blocks?.[index] as
      | Record<string, { message?: string } | undefined>
      | undefined;
    return blockErrors?.[name]?.message;
  };
  return (
    <FieldsetCard legend="Contenu">
      <Controller
        control={control}
        name="mode"
        render={({ field: modeSwitch }) => (
          <div className="mb-4 flex items-start gap-3 text-sm">
            <input
              id="campaign-advanced"
              type="checkbox"
              role="switch"
              aria-checked={modeSwitch.value === 'template'}
              aria-describedby="campaign-advanced-hint"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              checked={modeSwitch.value === 'template'}
              onChange={(event) => modeSwitch.onChange(event.target.checked ? 'template' : 'blocks')}
            />
            <div>
              <label htmlFor="campaign-advanced" className="font-medium text-gray-900">
                Avancé : un modèle MJML
              </label>
              <p id="campaign-advanced-hint" className="text-gray-600">
                Pour les experts : l’email suit un modèle écrit en MJML (Emails, Modèles) au lieu des blocs.
                Seul le mode choisi est enregistré.
              </p>
            </div>
          </div>
        )}
      />
      {mode === 'blocks' ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
          <Controller
            control={control}
            name="blocks"
            render={({ field }) => (
              <Suspense fallback={<EditorPlaceholder />}>
                <BlockComposer blocks={field.value} onChange={field.onChange} errorOf={blockError} />
              </Suspense>
            )}
          />
          <section aria-label="Aperçu" className="min-w-0 xl:sticky xl:top-4 xl:self-start">
            <h2 className="mb-2 text-sm font-semibold text-gray-900">Aperçu</h2>
            <ComposerPreview subject={subject} blocks={blocks} />
          </section>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {/* Controlled: the select shows the form's value, never the other way round. */}
          <Controller
            control={control}
            name="templateId"
            render={({ field: selected }) => (
              <TemplateSelect templates={templates} error={errors.templateId?.message} {...selected} />
            )}
          />
          {!template ? (
            <p className="text-sm text-gray-600">Choisissez un modèle pour écrire son contenu.</p>
          ) : fields.length === 0 ? (
            <p className="text-sm text-gray-600">
              Ce modèle n’a pas de champ à écrire : il est envoyé tel quel, personnalisé pour chacun.
            </p>
          ) : (
            fields.map((variable) => (
              <TextAreaField
                key={`${template.id}-${variable.name}`}
                label={variable.description || variable.name}
                optional
                rows={/html/i.test(variable.name) ? 10 : 3}
                placeholder={variable.example}
                className={/html/i.test(variable.name) ? 'font-mono' : undefined}
                {...field(`content.${variable.name}`)}
              />
            ))
          )}
        </div>
      )}
      {errors.blocks?.message ? <p className="mt-2 text-sm text-red-700">{errors.blocks.message}</p> : null}
    </FieldsetCard>
  );
}

function TemplateSelect({
  templates,
  error,
  ...props
}: { templates: EmailTemplateSummary[]; error?: string } & React.ComponentProps<'select'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="campaign-template" className="text-sm font-medium text-gray-900">
        Modèle
      </label>
      <select
        id="campaign-template"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'campaign-template-error' : undefined}
        className={controlClass(Boolean(error))}
        {...props}
      >
        <option value="">Choisissez un modèle…</option>
        {templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="campaign-template-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
