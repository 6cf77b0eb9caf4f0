/**
 * The composer's live preview: the email the server makes of the unsaved blocks, at a phone's
 * width or a computer's, greeting an example first name or nobody (to see the fallback words).
 * Asked for half a second after the last change, only when the blocks are complete.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Monitor from 'lucide-react/icons/monitor';
import Smartphone from 'lucide-react/icons/smartphone';
import { useState } from 'react';
import { type CampaignBlock, CampaignBlocksSchema } from '#common/schemas/campaign-blocks.ts';
import { type ComposePreview, EXAMPLE_FIRST_NAME } from '#common/schemas/campaigns.ts';
import { errorMessage } from '~/lib/api';
import { cn } from '~/lib/cn';
import { Lines, Loading } from '../../kit/skeleton';
import { useDebounced } from '../../kit/use-debounced';
import { composePreviewQuery } from '../data';
import { EmailFrame } from '../email-frame';

const PREVIEW_DEBOUNCE_MS = 500;

/**
 * What the composer's preview asks the server for these unsaved blocks, or null while one of them
 * is incomplete.
 */
export function composePreviewInput(
  subject: string,
  blocks: readonly CampaignBlock[],
  firstName: string | null,
): ComposePreview | null {
  const parsed = CampaignBlocksSchema.safeParse(blocks);
  return parsed.success ? { subject, blocks: parsed.data, firstName } : null;
}

function Toggle({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
    >
      {children}
    </button>
  );
}

export type PreviewWidthValue = 'phone' | 'desktop';

/** The preview at a phone's width or a computer's. */
export function PreviewWidth({
  width,
  onChange,
}: {
  width: PreviewWidthValue;
  onChange: (width: PreviewWidthValue) => void;
}) {
  return (
    <fieldset
      aria-label="Largeur de l’aperçu"
      className="m-0 flex min-w-0 gap-0.5 rounded-lg border-0 bg-gray-50 p-0.5"
    >
      <Toggle pressed={width === 'phone'} onClick={() => onChange('phone')}>
        <Smartphone className="size-4" aria-hidden="true" />
        Téléphone
      </Toggle>
      <Toggle pressed={width === 'desktop'} onClick={() => onChange('desktop')}>
        <Monitor className="size-4" aria-hidden="true" />
        Ordinateur
      </Toggle>
    </fieldset>
  );
}

/** The email's frame at the chosen width, or its shape while the first preview is drawn. */
export function PreviewFrame({ width, html }: { width: PreviewWidthValue; html: string | undefined }) {
  return (
    <div className={cn('w-full rounded-xl bg-gray-100 p-2', width === 'phone' && 'flex justify-center')}>
      {html !== undefined ? (
        <EmailFrame
          html={html}
          title="Aperçu de l’email"
          className={cn('h-[36rem]', width === 'phone' ? 'w-[360px] max-w-full' : 'w-full')}
        />
      ) : (
        <Loading label="Préparation de l’aperçu…" className="flex justify-center">
          <EmailShape wide={width === 'desktop'} />
        </Loading>
      )}
    </div>
  );
}

export function ComposerPreview({ subject, blocks }: { subject: string; blocks: CampaignBlock[] }) {
  const [width, setWidth] = useState<PreviewWidthValue>('phone');
  const [withName, setWithName] = useState(true);
  const ready = composePreviewInput(subject, blocks, withName ? EXAMPLE_FIRST_NAME : null);
  const input = ready ? JSON.stringify(ready) : null;
  const debounced = useDebounced(input, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    ...composePreviewQuery(JSON.parse(debounced ?? '{"blocks":[]}')),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-1">
        <PreviewWidth width={width} onChange={setWidth} />
        <fieldset
          aria-label="Prénom de l’aperçu"
          className="m-0 flex min-w-0 gap-0.5 rounded-lg border-0 bg-gray-50 p-0.5"
        >
          <Toggle pressed={withName} onClick={() => setWithName(true)}>
            Avec prénom
          </Toggle>
          <Toggle pressed={!withName} onClick={() => setWithName(false)}>
            Sans prénom
          </Toggle>
        </fieldset>
      </div>
      <p className="min-h-5 text-sm break-words text-gray-700" data-testid="composer-preview-subject">
        <span className="font-medium">Objet :</span> {preview.data?.subject ?? '…'}
      </p>
      {ready === null ? (
        <p role="status" className="text-sm text-amber-800">
          Complétez les blocs signalés pour voir l’aperçu.
        </p>
      ) : preview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Aperçu indisponible : {errorMessage(preview.error)}
        </p>
      ) : null}
      <PreviewFrame width={width} html={preview.data?.html} />
    </div>
  );
}

/** The email's shape while its first preview is drawn: the frame's size, a header band, a few lines. */
function EmailShape({ wide }: { wide: boolean }) {
  return (
    <div
      className={cn(
        'h-[36rem] rounded-lg border border-gray-200 bg-white',
        wide ? 'w-full' : 'w-[360px] max-w-full',
      )}
    >
      <div className="h-24 rounded-t-lg bg-gray-200" />
      <Lines widths={['w-1/3', 'w-5/6', 'w-3/4', 'w-2/3']} className="space-y-2 p-6" />
    </div>
  );
}
