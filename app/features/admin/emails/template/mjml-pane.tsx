/**
 * The expert's MJML editor (decision 019): the source in a plain monospace text area and the
 * compiled email with the examples filled in, refreshed 600 ms after the last keystroke. MJML's
 * problems are listed in French with their line; a source with problems cannot be saved.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import type { MjmlProblem, TemplateVariableInfo } from '#common/schemas/campaigns.ts';
import { errorMessage } from '~/lib/api';
import { useDebounced } from '../../kit/use-debounced';
import { templateCompileQuery } from '../data';
import { EmailFrame } from '../email-frame';
import { declaredVariables, type TemplateFormApi } from './form';
import { TwoPanes } from './two-panes';

const PREVIEW_DEBOUNCE_MS = 600;

const monoClass =
  'block w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm leading-relaxed text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30';

export function MjmlPane({ form, saveProblems }: { form: TemplateFormApi; saveProblems: MjmlProblem[] }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const previewInput = useDebounced(
    JSON.stringify({ mjml: watch('mjml') ?? '', variables: declaredVariables(watch('variables')) }),
    PREVIEW_DEBOUNCE_MS,
  );
  const parsed = JSON.parse(previewInput) as { mjml: string; variables: TemplateVariableInfo[] };
  const preview = useQuery({
    ...templateCompileQuery(parsed.mjml, parsed.variables),
    placeholderData: keepPreviousData,
  });
  const problems = preview.data?.errors ?? saveProblems;
  const pending = preview.isFetching || previewInput !== JSON.stringify(parsed);
  return (
    <TwoPanes
      labels={['Source', 'Aperçu']}
      first={
        <>
          <label htmlFor="template-mjml" className="text-sm font-medium text-gray-900">
            Source MJML
          </label>
          <textarea
            id="template-mjml"
            rows={28}
            spellCheck={false}
            autoCapitalize="none"
            wrap="off"
            aria-invalid={errors.mjml ? true : undefined}
            aria-describedby={errors.mjml ? 'template-mjml-error' : undefined}
            className={monoClass}
            {...register('mjml')}
          />
          {errors.mjml ? (
            <p id="template-mjml-error" className="text-sm text-red-700">
              {errors.mjml.message}
            </p>
          ) : null}
        </>
      }
      second={
        <>
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-medium text-gray-900">Aperçu (avec les exemples)</h2>
            <span role="status" className="text-xs text-gray-600">
              {pending ? 'Mise à jour...' : ''}
            </span>
          </div>
          <MjmlProblems problems={problems} />
          {preview.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Aperçu indisponible : {errorMessage(preview.error)}
            </p>
          ) : preview.data?.html ? (
            <EmailFrame html={preview.data.html} title="Aperçu du modèle" />
          ) : (
            <p className="py-12 text-center text-sm text-gray-600">
              {preview.isPending ? 'Compilation...' : 'Aucun aperçu : corrigez le source.'}
            </p>
          )}
        </>
      }
    />
  );
}

function MjmlProblems({ problems }: { problems: MjmlProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className="size-4" aria-hidden="true" />
        {problems.length > 1 ? `${problems.length} erreurs MJML` : '1 erreur MJML'}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="mjml-errors">
        {problems.map((problem, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same
          <li key={i}>{problem.message}</li>
        ))}
      </ul>
    </div>
  );
}
