/**
 * A client's logo as the site shows it (docs/decisions/087-client-logos.md): the uploaded image in
 * a fixed box (no layout shift, whatever its shape), or, for a client without an image (the seeded
 * demo clients), the name set as a wordmark beside a small mark. The wordmark's look is picked by
 * the logo's place in its list, as the portraits' tints are: neighbours never look alike, and the
 * back-office's list and preview show each one as the public row does.
 */
import type { ReactNode } from 'react';
import { mediaSrcset } from '#common/schemas/media.ts';
import { cn } from '~/lib/cn';

/** The box a logo is drawn in, in CSS pixels: room for a wide wordmark or a square emblem. */
export const CLIENT_LOGO_BOX = { width: 160, height: 48 } as const;

type Glyph = 'circle' | 'diamond' | 'triangle' | 'bars' | 'ring' | 'leaf';

/** Marks and type for wordmarks: each one a mark, its colour and a setting of the name. */
const FIRST_WORDMARK: Wordmark = {
  glyph: 'circle',
  color: 'text-brand-600',
  type: 'text-[0.95rem] font-extrabold tracking-tight',
};
const WORDMARKS: Wordmark[] = [
  FIRST_WORDMARK,
  { glyph: 'diamond', color: 'text-amber-600', type: 'text-[0.7rem] font-bold tracking-[0.12em] uppercase' },
  { glyph: 'bars', color: 'text-sky-700', type: 'text-[0.95rem] font-semibold' },
  { glyph: 'triangle', color: 'text-rose-600', type: 'text-[0.7rem] font-black uppercase' },
  { glyph: 'ring', color: 'text-teal-600', type: 'text-[0.95rem] font-medium italic' },
  { glyph: 'leaf', color: 'text-lime-700', type: 'text-[0.95rem] font-bold tracking-tight' },
];

type Wordmark = { glyph: Glyph; color: string; type: string };

function GlyphMark({ glyph, className }: { glyph: Glyph; className: string }) {
  const shapes: Record<Glyph, ReactNode> = {
    circle: <circle cx="12" cy="12" r="10" fill="currentColor" />,
    diamond: (
      <rect x="5" y="5" width="14" height="14" rx="2" transform="rotate(45 12 12)" fill="currentColor" />
    ),
    triangle: <path d="M12 3 22 20H2Z" fill="currentColor" />,
    bars: (
      <g fill="currentColor">
        <rect x="3" y="10" width="5" height="11" rx="1" />
        <rect x="10" y="6" width="5" height="15" rx="1" />
        <rect x="17" y="2" width="5" height="19" rx="1" />
      </g>
    ),
    ring: <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="4" />,
    leaf: <path d="M3 21C3 10 10 3 21 3c0 11-7 18-18 18Z" fill="currentColor" />,
  };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('size-5 shrink-0', className)}>
      {shapes[glyph]}
    </svg>
  );
}

/**
 * The logo itself, its name given to screen readers (the image's alt, or the wordmark's text).
 * `className` carries the tone: grey by default on the public row, in colour on hover and focus.
 */
export function ClientLogoMark({
  logo,
  index,
  className,
}: {
  logo: { name: string; logoUrl: string | null };
  /** Its place in the list (the order the site shows). */
  index: number;
  className?: string;
}) {
  if (logo.logoUrl) {
    return (
      <img
        src={logo.logoUrl}
        srcSet={mediaSrcset(logo.logoUrl)}
        sizes={`${CLIENT_LOGO_BOX.width}px`}
        alt={logo.name}
        width={CLIENT_LOGO_BOX.width}
        height={CLIENT_LOGO_BOX.height}
        loading="lazy"
        decoding="async"
        className={cn('h-12 w-full max-w-40 object-contain', className)}
      />
    );
  }
  const wordmark = WORDMARKS[index % WORDMARKS.length] ?? FIRST_WORDMARK;
  return (
    <span className={cn('flex h-12 max-w-40 min-w-0 items-center gap-1.5 text-gray-900', className)}>
      <GlyphMark glyph={wordmark.glyph} className={wordmark.color} />
      {/* A word longer than the box breaks rather than overflows (the last resort at 320 px). */}
      <span className={cn('line-clamp-2 min-w-0 leading-tight [overflow-wrap:anywhere]', wordmark.type)}>
        {logo.name}
      </span>
    </span>
  );
}
