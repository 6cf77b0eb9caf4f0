/**
 * Badges (hidden, role, state…) and a row's title followed by its badges.
 */

import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** The name of a row's item, then its badges (hidden, role, active...). */
export function RowTitle({ name, children }: { name: string; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
      <span className="wrap-anywhere">{name}</span>
      {children}
    </p>
  );
}

const BADGE_TONES = {
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  green: 'bg-brand-50 text-brand-800 ring-brand-200',
  gray: 'bg-gray-100 text-gray-700 ring-gray-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({ tone = 'gray', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
