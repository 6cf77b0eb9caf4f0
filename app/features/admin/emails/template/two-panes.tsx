/**
 * What is written and its preview: side by side on a wide screen, two tabs on a phone (the
 * preview needs the whole width to be read).
 */
import { type ReactNode, useState } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { Card } from '../../kit/page';

export function TwoPanes({
  labels,
  first,
  second,
}: {
  labels: readonly [string, string];
  first: ReactNode;
  second: ReactNode;
}) {
  const [shown, setShown] = useState<0 | 1>(0);
  return (
    <>
      <div className="flex gap-2 lg:hidden" role="tablist" aria-label="Affichage">
        {labels.map((label, index) => (
          <Button
            key={label}
            type="button"
            size="sm"
            role="tab"
            aria-selected={shown === index}
            variant={shown === index ? 'primary' : 'secondary'}
            onClick={() => setShown(index as 0 | 1)}
          >
            {label}
          </Button>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[first, second].map((pane, index) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: two fixed panes, never reordered.
            key={index}
            className={cn('flex min-w-0 flex-col gap-3', shown === index ? '' : 'hidden lg:flex')}
          >
            {pane}
          </Card>
        ))}
      </div>
    </>
  );
}
