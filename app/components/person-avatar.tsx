/**
 * A drawn portrait for a team member who has no photo yet (docs/decisions/091-team-portraits.md):
 * a bust on a brand tint. The tint and the hair style come from the person's place in their list
 * (neighbours never share either; the same list always draws the same); the skin tone, glasses,
 * clothes and neckline from their name. So a team of six looks like six people, not six copies.
 * Decorative: the name is always written beside it.
 * Inline SVG of about 1 KB: no request, crisp at any size.
 */
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** Light brand tints for the disc (neighbours differ). */
const BACKGROUNDS = ['#dcfce7', '#ccfbf1', '#fef3c7', '#e0f2fe', '#d9f99d', '#ffe4e6'] as const;
const SKIN = ['#8d5524', '#6f4325', '#a0673a', '#5a3825', '#c08552', '#7b4a2a'] as const;
const CLOTHES = ['#15803d', '#0f766e', '#b45309', '#0369a1', '#be123c', '#14532d'] as const;
const HAIR = '#1c120c';
const INK = '#1c120c';

const pick = <T,>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** FNV-1a of the name, then mixed (murmur3's finaliser) so that every bit depends on every letter. */
function hashOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name.normalize('NFC')) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

type Parts = { behind: ReactNode; over: ReactNode };

/**
 * Hair styles: what is drawn behind the head, and what over it. None says man or woman (a name
 * does not tell it, and a wrong guess would be worse than none).
 */
const STYLES: Parts[] = [
  // Short crop.
  {
    behind: null,
    over: <path d="M26 33c0-13 7-18 14-18s14 5 14 18c-2-6-7-9-14-9s-12 3-14 9z" fill={HAIR} />,
  },
  // Afro.
  {
    behind: <circle cx="40" cy="26" r="20" fill={HAIR} />,
    over: <path d="M27 28c2-7 7-10 13-10s11 3 13 10c-4-3-8-4-13-4s-9 1-13 4z" fill={HAIR} />,
  },
  // High top.
  { behind: null, over: <path d="M27 28V14c0-4 26-4 26 0v14c-4-4-8-5-13-5s-9 1-13 5z" fill={HAIR} /> },
  // Shaved.
  {
    behind: null,
    over: <path d="M27 29c2-8 7-12 13-12s11 4 13 12c-4-3-8-4-13-4s-9 1-13 4z" fill={HAIR} opacity=".45" />,
  },
  // Twists.
  {
    behind: null,
    over: (
      <g fill={HAIR}>
        <path d="M26 32c0-12 7-17 14-17s14 5 14 17c-2-6-7-8-14-8s-12 2-14 8z" />
        <circle cx="29" cy="20" r="3.5" />
        <circle cx="35" cy="16" r="3.5" />
        <circle cx="41" cy="14.5" r="3.5" />
        <circle cx="47" cy="16" r="3.5" />
        <circle cx="52" cy="21" r="3.5" />
      </g>
    ),
  },
  // Side part.
  {
    behind: null,
    over: (
      <g>
        <path d="M26 34c0-14 7-19 14-19s14 5 14 19c-3-7-6-10-14-10s-11 3-14 10z" fill={HAIR} />
        <path
          d="M34 16.5c-1 3-1 5 0 7.5"
          fill="none"
          stroke="#3b2a20"
          strokeWidth="1.2"
          strokeLinecap="round"
        />
      </g>
    ),
  },
];

/** Necklines: a round neck, or a shirt's collar. */
const COLLARS: ReactNode[] = [
  null,
  <path key="collar" d="M33 56l7 7 7-7-2-3-5 4-5-4z" fill="#ffffff" opacity=".9" />,
];

export function PersonAvatar({
  name,
  index,
  className,
  ...props
}: { name: string; index: number } & Omit<ComponentProps<'svg'>, 'children'>) {
  const hash = hashOf(name);
  const skin = pick(SKIN, hash);
  const style = pick(STYLES, index);
  const glasses = (hash >>> 7) % 4 === 0;
  const clipId = `avatar-${hash.toString(36)}-${index}`;
  return (
    <svg viewBox="0 0 80 80" aria-hidden="true" {...props} className={cn('shrink-0 rounded-full', className)}>
      <defs>
        <clipPath id={clipId}>
          <circle cx="40" cy="40" r="40" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="80" height="80" fill={pick(BACKGROUNDS, index)} />
        {/* The bust a little larger than the disc's middle, as portraits are framed. */}
        <g transform="translate(40 46) scale(1.18) translate(-40 -46)">
          {style.behind}
          <path d="M6 80c2-17 15-25 34-25s32 8 34 25z" fill={pick(CLOTHES, hash >>> 9)} />
          {pick(COLLARS, hash >>> 13)}
          <path d="M33 45h14v10c0 4-14 4-14 0z" fill={skin} />
          <path d="M33 52c4 2 10 2 14 0v3c-4 3-10 3-14 0z" fill={INK} opacity=".15" />
          <ellipse cx="40" cy="34" rx="13.5" ry="15.5" fill={skin} />
          <circle cx="26.5" cy="35" r="2.5" fill={skin} />
          <circle cx="53.5" cy="35" r="2.5" fill={skin} />
          {style.over}
          <circle cx="35" cy="35" r="1.6" fill={INK} />
          <circle cx="45" cy="35" r="1.6" fill={INK} />
          <path d="M36 42.5q4 3 8 0" fill="none" stroke={INK} strokeWidth="1.5" strokeLinecap="round" />
          {glasses ? (
            <g fill="none" stroke={INK} strokeWidth="1.2">
              <circle cx="35" cy="35" r="4.2" />
              <circle cx="45" cy="35" r="4.2" />
              <path d="M39.2 35h1.6" />
            </g>
          ) : null}
        </g>
      </g>
    </svg>
  );
}
