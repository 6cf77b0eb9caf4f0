/**
 * A template's name, key and subject. In the composer the subject is text and chips, never a
 * `{{` (a subject that says different things by situation is shown read aloud, and changed in the
 * MJML editor); in the MJML editor it is the expert's Mustache.
 */
import { lazy, Suspense, useMemo } from 'react';
import { fieldProps, TextField } from '~/components/form-fields';
import { Card } from '../../kit/page';
import { EditorPlaceholder } from '../../rich-text/markdown-editor-field';
import { docToTemplateSubject, subjectNodes, templateSubjectToDoc } from '../composer/template-subject';
import { TemplateSubjectText } from '../composer/template-subject-text';
import { declaredVariables, type TemplateFormApi } from './form';

const ChipTextEditor = lazy(() =>
  import('../composer/text-editor').then((module) => ({ default: module.ChipTextEditor })),
);

const SUBJECT_LABEL = 'Objet par défaut';

export function IdentityCard({
  form,
  isNew,
  composing,
}: {
  form: TemplateFormApi;
  isNew: boolean;
  composing: boolean;
}) {
  const field = fieldProps(form.register, form.formState.errors);
  return (
    <Card className={composing ? 'grid gap-4 lg:grid-cols-2' : 'grid gap-4 lg:grid-cols-3'}>
      <TextField label="Nom" {...field('name')} />
      <TextField
        label="Clé"
        readOnly={!isNew}
        autoCapitalize="none"
        spellCheck={false}
        placeholder="newsletter_speciale"
        {...field('key')}
      />
      {composing ? (
        <div className="min-w-0 lg:col-span-2">
          <ChipSubject form={form} />
        </div>
      ) : (
        <TextField label={SUBJECT_LABEL} optional {...field('subject')} />
      )}
    </Card>
  );
}

function ChipSubject({ form }: { form: TemplateFormApi }) {
  const subject = form.watch('subject') ?? '';
  const variables = declaredVariables(form.watch('variables'));
  const doc = useMemo(() => templateSubjectToDoc(subject), [subject]);
  if (subjectNodes(subject) === null) return <SubjectReadAloud subject={subject} />;
  return (
    <Suspense fallback={<EditorPlaceholder label={SUBJECT_LABEL} size="line" />}>
      <ChipTextEditor
        variant="line"
        label={SUBJECT_LABEL}
        value={doc}
        variables={variables}
        onChange={(next) => form.setValue('subject', docToTemplateSubject(next), { shouldDirty: true })}
        error={form.formState.errors.subject?.message}
      />
    </Suspense>
  );
}

/** A subject with conditions: its words and chips, "si …" where a part depends on a variable. */
function SubjectReadAloud({ subject }: { subject: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p className="text-sm font-medium text-gray-900">{SUBJECT_LABEL}</p>
      <p className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 text-base break-words text-gray-900">
        <TemplateSubjectText subject={subject} />
      </p>
      <p className="text-sm text-gray-600">
        Cet objet change selon la situation : il se modifie dans l’éditeur MJML.
      </p>
    </div>
  );
}
