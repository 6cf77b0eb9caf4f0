/**
 * A template written in blocks (decision 103): the composer's cards, and beside them the email as
 * it will be sent, with the examples filled in, at a phone's width or a computer's. The composer
 * (Tiptap) loads after the screen, behind the shape of its cards.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { TemplateVariableInfo } from '#common/schemas/campaigns.ts';
import type { TemplateBlock, TemplateBlocks } from '#common/schemas/template-blocks.ts';
import { errorMessage } from '~/lib/api';
import { CardsSkeleton } from '../../kit/skeleton';
import { useDebounced } from '../../kit/use-debounced';
import { PreviewFrame, PreviewWidth, type PreviewWidthValue } from '../composer/composer-preview';
import { templateCompileQuery } from '../data';
import { declaredVariables, type TemplateFormApi } from './form';
import { TwoPanes } from './two-panes';

const TemplateComposer = lazy(() =>
  import('../composer/template-composer').then((module) => ({ default: module.TemplateComposer })),
);

const PREVIEW_DEBOUNCE_MS = 600;

type FieldErrors = Record<string, { message?: string } | undefined>;

export function ComposerPane({ form, blocks }: { form: TemplateFormApi; blocks: TemplateBlocks }) {
  const { setValue, watch, formState } = form;
  const variables = declaredVariables(watch('variables'));
  const blockErrors = formState.errors.blocks as
    | ({ message?: string; blocks?: FieldErrors[] & { message?: string } } & FieldErrors)
    | undefined;
  const change = (next: TemplateBlock[]) =>
    setValue(
      'blocks',
      { ...blocks, blocks: next },
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    );
  const wholeError = blockErrors?.message ?? blockErrors?.blocks?.message;
  return (
    <TwoPanes
      labels={['Contenu', 'Aperçu']}
      first={
        <>
          <h2 className="text-sm font-medium text-gray-900">Contenu de l’email</h2>
          {wholeError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {wholeError}
            </p>
          ) : null}
          <Suspense fallback={<CardsSkeleton count={3} lines={3} />}>
            <TemplateComposer
              blocks={blocks.blocks}
              variables={variables}
              onChange={change}
              errorOf={(index, field) => blockErrors?.blocks?.[index]?.[field]?.message}
            />
          </Suspense>
        </>
      }
      second={<TemplatePreview blocks={blocks} variables={variables} />}
    />
  );
}

function TemplatePreview({
  blocks,
  variables,
}: {
  blocks: TemplateBlocks;
  variables: TemplateVariableInfo[];
}) {
  const [width, setWidth] = useState<PreviewWidthValue>('phone');
  const input = useDebounced(JSON.stringify({ blocks, variables }), PREVIEW_DEBOUNCE_MS);
  const parsed = JSON.parse(input) as { blocks: TemplateBlocks; variables: TemplateVariableInfo[] };
  const preview = useQuery({
    ...templateCompileQuery('', parsed.variables, parsed.blocks),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-gray-900">Aperçu (avec les exemples)</h2>
        <PreviewWidth width={width} onChange={setWidth} />
      </div>
      {preview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Aperçu indisponible : {errorMessage(preview.error)}
        </p>
      ) : null}
      <PreviewFrame width={width} html={preview.data?.html} />
    </>
  );
}
