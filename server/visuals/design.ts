/**
 * The art direction of every generated visual: a deep green gradient with a faint grid and two
 * rings, a pill with the category, the title in Inter extra-bold, optional key figures, and the
 * agency's mark at the bottom. Built as the element tree satori reads (plain objects, no JSX:
 * `npm run dev` runs the server through Node's type stripping, which reads no .tsx).
 */
import type { ReactNode } from 'react';

export type VisualSpec = {
  /** Small label in the pill (category, industry, section). */
  label: string;
  title: string;
  /** One line under the title (pages, services). */
  subtitle?: string;
  /** Up to three key figures (case studies). */
  figures?: { value: string; label: string }[];
  /** Right side of the footer, e.g. "Étude de cas · Bomoko Microfinance". */
  footer?: string;
  siteName: string;
  /** Varies the decoration, so neighbouring cards do not look identical. */
  seed: number;
};

type Style = Record<string, string | number>;
type Node = { type: string; props: Record<string, unknown> & { style?: Style; children?: unknown } };

function h(type: string, style: Style, ...children: (Node | string | null | false | undefined)[]): Node {
  const kids = children.filter((c): c is Node | string => c !== null && c !== false && c !== undefined);
  return { type, props: { style, children: kids.length === 1 ? kids[0] : kids } };
}

/** Brand palette (app/app.css `brand-*`). */
const GREEN = {
  50: '#f0fdf4',
  100: '#dcfce7',
  200: '#bbf7d0',
  500: '#22c55e',
  600: '#16a34a',
  700: '#15803d',
  800: '#166534',
  900: '#14532d',
  950: '#0b2e1a',
};

/** Font sizes that keep long French titles within the lines available, checked by eye and by tests. */
function titleSize(title: string, width: number, height: number, hasExtras: boolean): number {
  const n = title.length;
  const scale = width / 1200;
  const roomy = height / width > 0.6; // 3:2 covers have more height than 1200x630
  let size: number;
  if (n <= 24) size = 92;
  else if (n <= 45) size = 76;
  else if (n <= 70) size = roomy ? 68 : 62;
  else if (n <= 100) size = roomy ? 60 : 54;
  else size = roomy ? 54 : 48;
  if (hasExtras && !roomy) size = Math.min(size, 56);
  return Math.round(size * scale);
}

/** Decoration: a faint grid, two rings and a soft light, placed by `seed`. */
function decoration(width: number, height: number, seed: number): Node[] {
  const s = width / 1200;
  const flip = seed % 2 === 1;
  const ringSize = Math.round(560 * s);
  const cell = Math.round(56 * s);
  return [
    h('div', {
      position: 'absolute',
      top: 0,
      left: 0,
      width,
      height,
      backgroundImage:
        'linear-gradient(rgba(255,255,255,0.06) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,0.06) 1px, transparent 1px)',
      backgroundSize: `${cell}px ${cell}px`,
    }),
    h('div', {
      position: 'absolute',
      top: Math.round(-ringSize * 0.35),
      right: flip ? undefined : Math.round(-ringSize * 0.3),
      left: flip ? Math.round(width * 0.55) : undefined,
      width: ringSize,
      height: ringSize,
      borderRadius: ringSize,
      border: `${Math.max(2, Math.round(3 * s))}px solid rgba(187,247,208,0.18)`,
    } as Style),
    h('div', {
      position: 'absolute',
      bottom: Math.round(-ringSize * 0.55),
      right: Math.round(width * (flip ? 0.02 : 0.12)),
      width: Math.round(ringSize * 0.9),
      height: Math.round(ringSize * 0.9),
      borderRadius: ringSize,
      backgroundImage: 'radial-gradient(circle, rgba(34,197,94,0.35) 0%, rgba(34,197,94,0) 70%)',
    }),
    // The agency's L, huge and faint, as a watermark on the right.
    {
      type: 'svg',
      props: {
        width: Math.round(height * 0.62),
        height: Math.round(height * 0.62),
        viewBox: '0 0 512 512',
        style: {
          position: 'absolute',
          right: Math.round(width * (flip ? 0.1 : 0.03)),
          top: Math.round(height * 0.02),
          opacity: 0.08,
        },
        children: [
          { type: 'path', props: { d: 'M150 120h64v214h148v58H150z', fill: '#ffffff' } },
          { type: 'circle', props: { cx: 352, cy: 170, r: 46, fill: '#ffffff' } },
        ],
      },
    },
    h('div', {
      position: 'absolute',
      top: Math.round(height * 0.18),
      right: Math.round(width * (flip ? 0.2 : 0.07)),
      width: Math.round(22 * s),
      height: Math.round(22 * s),
      borderRadius: Math.round(22 * s),
      backgroundColor: GREEN[200],
      opacity: 0.9,
    }),
  ];
}

/** The agency's mark (public/icon.svg): an L and a dot on a green rounded square. */
function mark(size: number): Node {
  return {
    type: 'svg',
    props: {
      width: size,
      height: size,
      viewBox: '0 0 512 512',
      children: [
        { type: 'rect', props: { width: 512, height: 512, rx: 112, fill: GREEN[600] } },
        { type: 'path', props: { d: 'M150 120h64v214h148v58H150z', fill: '#fff' } },
        { type: 'circle', props: { cx: 352, cy: 170, r: 46, fill: GREEN[200] } },
      ],
    },
  };
}

/** The sizes of one visual: `px` scales a length drawn for 1200 px wide; `roomy` for a tall one. */
type Scale = { px: (n: number) => number; roomy: boolean };

/** The label's pill at the top: a green dot and the label in capitals. */
function pillNode(label: string, { px }: Scale): Node {
  return h(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      alignSelf: 'flex-start',
      gap: px(12),
      padding: `${px(10)}px ${px(22)}px`,
      borderRadius: px(999),
      backgroundColor: 'rgba(255,255,255,0.1)',
      border: `${Math.max(1, px(2))}px solid rgba(187,247,208,0.35)`,
      color: GREEN[100],
      fontSize: px(24),
      fontWeight: 600,
      letterSpacing: px(2),
      textTransform: 'uppercase',
    },
    h('div', {
      width: px(10),
      height: px(10),
      borderRadius: px(10),
      backgroundColor: GREEN[500],
      flexShrink: 0,
    }),
    h('div', { display: 'block', maxWidth: px(880), lineClamp: 1, overflow: 'hidden' }, label),
  );
}

function titleNode(text: string, size: number, maxLines: number, { px }: Scale): Node {
  return h(
    'div',
    {
      display: 'block',
      color: '#ffffff',
      fontSize: size,
      fontWeight: 800,
      lineHeight: 1.1,
      letterSpacing: -size * 0.02,
      maxWidth: px(1000),
      lineClamp: maxLines,
      overflow: 'hidden',
    },
    text,
  );
}

function subtitleNode(text: string | undefined, { px }: Scale): Node | null {
  return text
    ? h(
        'div',
        {
          display: 'block',
          marginTop: px(24),
          color: GREEN[200],
          fontSize: px(32),
          fontWeight: 500,
          lineHeight: 1.3,
          maxWidth: px(960),
          lineClamp: 2,
          overflow: 'hidden',
        },
        text,
      )
    : null;
}

/** Up to three figures side by side, each its value over its label. */
function figureRowNode(
  figures: NonNullable<VisualSpec['figures']>,
  figureSize: number,
  { px, roomy }: Scale,
): Node | null {
  return figures.length > 0
    ? h(
        'div',
        { display: 'flex', gap: px(20), marginTop: px(roomy ? 48 : 28) },
        ...figures.map((f) =>
          h(
            'div',
            {
              display: 'flex',
              flexDirection: 'column',
              flex: 1,
              padding: `${px(roomy ? 24 : 18)}px ${px(26)}px`,
              borderRadius: px(20),
              backgroundColor: 'rgba(255,255,255,0.08)',
              border: `${Math.max(1, px(2))}px solid rgba(187,247,208,0.22)`,
            },
            h(
              'div',
              {
                display: 'flex',
                color: '#ffffff',
                fontSize: figureSize,
                fontWeight: 800,
                whiteSpace: 'nowrap',
              },
              f.value,
            ),
            h(
              'div',
              {
                display: 'block',
                marginTop: px(6),
                color: GREEN[200],
                fontSize: px(roomy ? 26 : 22),
                fontWeight: 500,
                lineHeight: 1.25,
                lineClamp: 2,
                overflow: 'hidden',
              },
              f.label,
            ),
          ),
        ),
      )
    : null;
}

/** The site's mark and name, and the footer's words at the right. */
function footerNode(spec: VisualSpec, { px }: Scale): Node {
  return h(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: px(24),
      color: GREEN[100],
      fontSize: px(26),
      fontWeight: 600,
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', gap: px(16), color: '#ffffff' },
      mark(px(48)),
      spec.siteName,
    ),
    spec.footer
      ? h(
          'div',
          {
            display: 'block',
            color: GREEN[200],
            fontWeight: 500,
            maxWidth: px(620),
            lineClamp: 1,
            overflow: 'hidden',
            textAlign: 'right',
          },
          spec.footer,
        )
      : null,
  );
}

export function visualTree(spec: VisualSpec, width: number, height: number): ReactNode {
  const s = width / 1200;
  const px = (n: number) => Math.round(n * s);
  const figures = (spec.figures ?? []).slice(0, 3);
  const roomy = height / width > 0.6;
  const scale: Scale = { px, roomy };
  const hasExtras = figures.length > 0 || Boolean(spec.subtitle);
  const size = titleSize(spec.title, width, height, figures.length > 0);
  // Lines the title may take before its ellipsis, so that figures and footer always fit.
  const maxLines = figures.length > 0 ? (roomy ? 3 : 2) : roomy ? 4 : hasExtras ? 3 : 4;
  // Long figures ("1 250 000 FC") get a smaller size instead of wrapping.
  const longestFigure = Math.max(0, ...figures.map((f) => f.value.length));
  const figureSize = px((roomy ? 58 : 44) * (longestFigure > 10 ? 0.62 : longestFigure > 8 ? 0.78 : 1));
  const pad = px(roomy ? 80 : 72);
  const pill = pillNode(spec.label, scale);
  const title = titleNode(spec.title, size, maxLines, scale);
  const subtitle = subtitleNode(spec.subtitle, scale);
  const figureRow = figureRowNode(figures, figureSize, scale);
  const footer = footerNode(spec, scale);

  return h(
    'div',
    {
      position: 'relative',
      display: 'flex',
      width,
      height,
      backgroundColor: GREEN[900],
      backgroundImage: `linear-gradient(135deg, ${GREEN[950]} 0%, ${GREEN[900]} 40%, ${GREEN[700]} 100%)`,
      fontFamily: 'Inter',
      overflow: 'hidden',
    },
    ...decoration(width, height, spec.seed),
    h(
      'div',
      {
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        bottom: 0,
        display: 'flex',
        flexDirection: 'column',
        padding: pad,
      },
      pill,
      // The title block sits low, above the footer: short titles leave the top to the decoration.
      h('div', { display: 'flex', flexGrow: 1 }),
      title,
      subtitle,
      figureRow,
      h('div', { display: 'flex', marginTop: px(roomy ? 56 : 40) }),
      footer,
    ),
  ) as unknown as ReactNode;
}
