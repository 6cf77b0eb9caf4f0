/**
 * MarkdownEditor bound to a form field holding Markdown (as ImageUploadField is to an image URL).
 * The editor (Tiptap, ProseMirror, the Markdown parser) is the heaviest code of the back-office:
 * it loads after the screen that holds it, which shows the field's name and a placeholder
 * meanwhile, so the screen's first load stays small (docs/decisions/030-public-islands.md).
 */
import { lazy, Suspense } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import type { ControlledFieldProps } from '~/components/form-fields';
import { cn } from '~/lib/cn';
import { Lines, Loading } from '../kit/skeleton';
import type { MarkdownEditorProps } from './markdown-editor';

const MarkdownEditor = lazy(() =>
  import('./markdown-editor').then((module) => ({ default: module.MarkdownEditor })),
);

const PLACEHOLDER_HEIGHTS = { line: 'min-h-11', compact: 'min-h-52', full: 'min-h-84' } as const;

/** Where an editor will be, named, the size and shape it will have, while its code loads. */
export function EditorPlaceholder({
  label,
  size = 'full',
}: {
  label?: string;
  size?: keyof typeof PLACEHOLDER_HEIGHTS;
}) {
  const box = cn('rounded-lg border border-gray-300 bg-white', PLACEHOLDER_HEIGHTS[size]);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {label ? <span className="text-sm font-medium text-gray-900">{label}</span> : null}
      {size === 'line' ? (
        <div className={box} />
      ) : (
        <Loading>
          <div className={box}>
            <div className="h-11 rounded-t-lg border-b border-gray-200 bg-gray-50" />
            <Lines widths={['w-5/6', 'w-3/4', 'w-2/3']} className="p-3" />
          </div>
        </Loading>
      )}
    </div>
  );
}

export function MarkdownEditorField<T extends FieldValues, TTransformed>({
  control,
  name,
  label,
  ...props
}: Omit<ControlledFieldProps<T, TTransformed>, 'error'> &
  Omit<MarkdownEditorProps, 'label' | 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Suspense fallback={<EditorPlaceholder label={label} size={props.compact ? 'compact' : 'full'} />}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <MarkdownEditor
            label={label}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            {...props}
          />
        )}
      />
    </Suspense>
  );
}
