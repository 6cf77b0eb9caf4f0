/**
 * What a screen shows besides its content: an error with a retry, an item that is missing, an empty list
 * (its loading shape is skeleton.tsx).
 */

import { type QueryKey, useQuery } from '@tanstack/react-query';
import Inbox from 'lucide-react/icons/inbox';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { Card } from './page';

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <AlertTriangle className="size-8 text-red-600" aria-hidden="true" />
      <p className="font-medium text-gray-900">Impossible de charger les données.</p>
      <p className="max-w-md text-sm break-words text-gray-600">
        {error instanceof Error ? error.message : 'Erreur inconnue'}
      </p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Réessayer
        </Button>
      ) : null}
    </div>
  );
}

/** The item asked for is not there: gone (404) or never was (a malformed id, 400). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * An item's screen whose item could not be read: the way back, then "it does not exist" when it
 * is missing, or the error with a retry.
 */
export function ItemLoadFailure({
  back,
  missing,
  error,
  onRetry,
}: {
  back: ReactNode;
  missing: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <>
      {back}
      <Card>
        {isMissing(error) ? (
          <p role="alert" className="py-12 text-center text-gray-800">
            {missing}
          </p>
        ) : (
          <ErrorState error={error} onRetry={onRetry} />
        )}
      </Card>
    </>
  );
}

/**
 * An item's screen: its query (`options`), its skeleton while it loads, ItemLoadFailure when it
 * cannot be read, else `render` with the item.
 */
export function ItemLoader<T>({
  options,
  back,
  missing,
  skeleton,
  render,
}: {
  options: { queryKey: QueryKey; queryFn: (context: { signal?: AbortSignal }) => Promise<T> };
  back: ReactNode;
  missing: string;
  skeleton: ReactNode;
  render: (item: T) => ReactNode;
}) {
  const query = useQuery(options);
  if (query.isPending) return skeleton;
  if (query.isError) {
    return (
      <ItemLoadFailure
        back={back}
        missing={missing}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return render(query.data);
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center">
      <Inbox className="size-8 text-gray-400" aria-hidden="true" />
      <p className="font-medium text-gray-900">{title}</p>
      {children ? <div className="text-sm text-gray-600">{children}</div> : null}
    </div>
  );
}
