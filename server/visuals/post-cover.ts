/**
 * The art of a post's generated cover (docs/decisions/088-art-directed-covers.md). The title is
 * printed just under every cover (a card, the post's header): the cover does not repeat it. Each
 * category has its own composition and palette within the brand's greens; each post is a
 * variation of it drawn from its slug (positions, sizes, turns, mirror, which accent), so that two
 * posts of a category never look alike. No words at all: the card and the post's header print the
 * title and the category beside it; the cover signs with the agency's mark only. Plain element
 * objects, like design.ts.
 */
import type { ReactNode } from 'react';
import type { BlogCategory } from '#common/enums.ts';

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, props: Record<string, unknown>, ...children: Node[]): Node => ({
  type,
  props: children.length > 0 ? { ...props, children } : props,
});

/** A small, fast generator of numbers in [0, 1) from a seed (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the post's slug: its variation, the same on every machine and every install. */
export function coverSeed(slug: string): number {
  let hash = 0x811c9dc5;
  for (const char of slug) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

type Palette = { from: string; to: string; ink: string; accents: readonly string[] };

/** Each category's colours: a dark green ground and accents that stay within the brand. */
const PALETTES: Record<BlogCategory, Palette> = {
  strategie_marketing: {
    from: '#0b2e1a',
    to: '#166534',
    ink: '#bbf7d0',
    accents: ['#f59e0b', '#fbbf24', '#22c55e'],
  },
  marketing_digital: {
    from: '#042f2e',
    to: '#0f766e',
    ink: '#99f6e4',
    accents: ['#38bdf8', '#22d3ee', '#a3e635'],
  },
  branding: { from: '#14532d', to: '#15803d', ink: '#dcfce7', accents: ['#fb7185', '#fde047', '#f0fdf4'] },
  growth_hacking: {
    from: '#052e16',
    to: '#3f6212',
    ink: '#d9f99d',
    accents: ['#fb923c', '#facc15', '#4ade80'],
  },
  analytics: { from: '#0f1f1a', to: '#134e4a', ink: '#a7f3d0', accents: ['#2dd4bf', '#60a5fa', '#fbbf24'] },
  tendances: { from: '#1a2e05', to: '#166534', ink: '#ecfccb', accents: ['#c084fc', '#f472b6', '#86efac'] },
};

type Draw = (w: number, h: number, r: () => number, p: Palette, accent: string) => Node[];

const between = (r: () => number, min: number, max: number) => min + (max - min) * r();

/** Strategy: a target of rings, aimed at by arrows, on a faint compass grid. */
const strategy: Draw = (w, h, r, p, accent) => {
  const cx = between(r, 0.55, 0.8) * w;
  const cy = between(r, 0.3, 0.6) * h;
  const rings = 3 + Math.floor(r() * 3);
  const step = between(r, 55, 85);
  const nodes: Node[] = [];
  for (let i = rings; i >= 1; i--) {
    nodes.push(
      el('circle', {
        cx,
        cy,
        r: i * step,
        fill: i === 1 ? accent : 'none',
        stroke: i % 2 === 0 ? p.ink : accent,
        strokeOpacity: i % 2 === 0 ? 0.35 : 0.8,
        strokeWidth: 10,
      }),
    );
  }
  const arrows = 1 + Math.floor(r() * 3);
  for (let i = 0; i < arrows; i++) {
    const angle = between(r, Math.PI * 0.75, Math.PI * 1.35);
    const length = between(r, 300, 520);
    const x = cx + Math.cos(angle) * length;
    const y = cy + Math.sin(angle) * length;
    nodes.push(
      el('line', { x1: x, y1: y, x2: cx, y2: cy, stroke: p.ink, strokeWidth: 8, strokeLinecap: 'round' }),
      el('circle', { cx: x, cy: y, r: 16, fill: p.ink }),
    );
  }
  return nodes;
};

/** Digital: signal arcs from a phone-like tile, and a field of dots. */
const digital: Draw = (w, h, r, p, accent) => {
  const x = between(r, 0.3, 0.85) * w;
  const y = between(r, 0.35, 0.7) * h;
  const nodes: Node[] = [];
  const columns = 6 + Math.floor(r() * 6);
  const gap = w / columns / 1.6;
  const ox = between(r, 0, gap);
  const top = r() < 0.5 ? h * 0.1 : h * 0.72;
  const rows = 2 + Math.floor(r() * 3);
  for (let i = 0; i < columns * 2; i++) {
    for (let j = 0; j < rows; j++) {
      nodes.push(
        el('circle', { cx: ox + i * gap, cy: top + j * gap * 0.7, r: 6, fill: p.ink, fillOpacity: 0.35 }),
      );
    }
  }
  const arcs = 3 + Math.floor(r() * 3);
  const turn = between(r, -60, 20);
  for (let i = 1; i <= arcs; i++) {
    const radius = 70 + i * 70;
    nodes.push(
      el('path', {
        d: `M ${x - radius * 0.7} ${y - radius * 0.7} A ${radius} ${radius} 0 0 1 ${x + radius * 0.7} ${y - radius * 0.7}`,
        fill: 'none',
        stroke: i % 2 ? accent : p.ink,
        strokeWidth: 16,
        strokeLinecap: 'round',
        strokeOpacity: 1 - i * 0.12,
        transform: `rotate(${turn} ${x} ${y})`,
      }),
    );
  }
  nodes.push(
    el('rect', {
      x: x - 60,
      y: y - 20,
      width: 120,
      height: 200,
      rx: 26,
      fill: p.ink,
      transform: `rotate(${turn / 3} ${x} ${y})`,
    }),
    el('rect', {
      x: x - 40,
      y: y + 8,
      width: 80,
      height: 120,
      rx: 10,
      fill: accent,
      transform: `rotate(${turn / 3} ${x} ${y})`,
    }),
  );
  return nodes;
};

/** Branding: large overlapping shapes (circle, square, triangle, arch), like a mark being drawn. */
const branding: Draw = (w, h, r, p, accent) => {
  const shapes: Node[] = [];
  const count = 3 + Math.floor(r() * 3);
  const colours = [accent, p.ink, ...p.accents];
  for (let i = 0; i < count; i++) {
    const size = between(r, 160, 360);
    const x = between(r, 0.3, 0.95) * w;
    const y = between(r, 0.05, 0.85) * h;
    const fill = colours[Math.floor(r() * colours.length)] ?? accent;
    const opacity = between(r, 0.55, 0.95);
    const kind = Math.floor(r() * 4);
    const turn = between(r, -30, 30);
    if (kind === 0) shapes.push(el('circle', { cx: x, cy: y, r: size / 2, fill, fillOpacity: opacity }));
    else if (kind === 1)
      shapes.push(
        el('rect', {
          x: x - size / 2,
          y: y - size / 2,
          width: size,
          height: size,
          rx: size / 8,
          fill,
          fillOpacity: opacity,
          transform: `rotate(${turn} ${x} ${y})`,
        }),
      );
    else if (kind === 2)
      shapes.push(
        el('path', {
          d: `M ${x} ${y - size / 2} L ${x + size / 2} ${y + size / 2} L ${x - size / 2} ${y + size / 2} Z`,
          fill,
          fillOpacity: opacity,
          transform: `rotate(${turn} ${x} ${y})`,
        }),
      );
    else
      shapes.push(
        el('path', {
          d: `M ${x - size / 2} ${y + size / 2} L ${x - size / 2} ${y} A ${size / 2} ${size / 2} 0 0 1 ${x + size / 2} ${y} L ${x + size / 2} ${y + size / 2} Z`,
          fill,
          fillOpacity: opacity,
          transform: `rotate(${turn} ${x} ${y})`,
        }),
      );
  }
  return shapes;
};

/** Growth: bars (or a stepped area) that climb, and the curve that leaves them behind. */
const growth: Draw = (w, h, r, p, accent) => {
  const bars = 4 + Math.floor(r() * 6);
  const left = between(r, 0.04, 0.55) * w;
  const right = Math.min(w * 0.95, left + between(r, 0.4, 0.8) * w);
  const base = between(r, 0.5, 0.92) * h;
  const tall = between(r, 0.35, 0.7) * h;
  const width = (right - left) / bars;
  const curve = between(r, 1.1, 2.2);
  const stepped = r() < 0.35;
  const nodes: Node[] = [];
  const points: [number, number][] = [];
  for (let i = 0; i < bars; i++) {
    const height = tall * ((i + 1) / bars) ** curve + between(r, 8, 40);
    const x = left + i * width;
    points.push([x + width * 0.31, base - height - between(r, 30, 70)]);
    if (!stepped) {
      nodes.push(
        el('rect', {
          x,
          y: base - height,
          width: width * 0.62,
          height,
          rx: 10,
          fill: i === bars - 1 ? accent : p.ink,
          fillOpacity: i === bars - 1 ? 1 : 0.3 + (0.5 * i) / bars,
        }),
      );
    }
  }
  if (stepped) {
    const steps = points
      .map(([x, y]) => `L ${x - width * 0.31} ${y + 50} L ${x + width * 0.69} ${y + 50}`)
      .join(' ');
    nodes.push(
      el('path', { d: `M ${left} ${base} ${steps} L ${right} ${base} Z`, fill: p.ink, fillOpacity: 0.35 }),
    );
  }
  nodes.push(
    el('path', {
      d: `M ${points.map(([x, y]) => `${x} ${y}`).join(' L ')}`,
      fill: 'none',
      stroke: accent,
      strokeWidth: 12,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
    }),
  );
  const [lastX, lastY] = points.at(-1) ?? [w * 0.9, h * 0.2];
  nodes.push(el('circle', { cx: lastX, cy: lastY, r: 26, fill: accent }));
  return nodes;
};

/** Analytics: a dot matrix, a line chart and a ring of segments. */
const analytics: Draw = (w, h, r, p, accent) => {
  const nodes: Node[] = [];
  const cx = between(r, 0.62, 0.85) * w;
  const cy = between(r, 0.25, 0.45) * h;
  const radius = between(r, 110, 170);
  let start = -Math.PI / 2;
  const parts = 3 + Math.floor(r() * 3);
  for (let i = 0; i < parts; i++) {
    const sweep = i === parts - 1 ? Math.PI * 1.5 - start : between(r, 0.3, 1.2);
    const end = start + sweep;
    const large = sweep > Math.PI ? 1 : 0;
    nodes.push(
      el('path', {
        d: `M ${cx + radius * Math.cos(start)} ${cy + radius * Math.sin(start)} A ${radius} ${radius} 0 ${large} 1 ${cx + radius * Math.cos(end)} ${cy + radius * Math.sin(end)}`,
        fill: 'none',
        stroke: i === 0 ? accent : i % 2 ? p.ink : (p.accents[(i + 1) % p.accents.length] ?? accent),
        strokeWidth: 44,
        strokeOpacity: i === 0 ? 1 : 0.6,
      }),
    );
    start = end + 0.06;
  }
  const points: string[] = [];
  const steps = 7 + Math.floor(r() * 5);
  for (let i = 0; i <= steps; i++) {
    points.push(`${w * 0.08 + (i * w * 0.55) / steps} ${h * between(r, 0.55, 0.85)}`);
  }
  nodes.push(
    el('path', {
      d: `M ${points.join(' L ')}`,
      fill: 'none',
      stroke: accent,
      strokeWidth: 10,
      strokeLinejoin: 'round',
      strokeLinecap: 'round',
    }),
  );
  for (let i = 0; i < 10; i++) {
    for (let j = 0; j < 4; j++) {
      if (r() < 0.5)
        nodes.push(
          el('rect', {
            x: w * 0.08 + i * 46,
            y: h * 0.12 + j * 46,
            width: 26,
            height: 26,
            rx: 6,
            fill: p.ink,
            fillOpacity: between(r, 0.15, 0.6),
          }),
        );
    }
  }
  return nodes;
};

/** Trends: flowing bands, and sparks where they cross. */
const trends: Draw = (w, h, r, p, accent) => {
  const nodes: Node[] = [];
  const bands = 3 + Math.floor(r() * 3);
  for (let i = 0; i < bands; i++) {
    const y = between(r, 0.2, 0.85) * h;
    const amp = between(r, 60, 160);
    const phase = between(r, 0, w);
    nodes.push(
      el('path', {
        d: `M ${-50} ${y} C ${w * 0.25 + phase / 4} ${y - amp}, ${w * 0.5 - phase / 5} ${y + amp}, ${w + 50} ${y - amp / 2}`,
        fill: 'none',
        stroke: i === 0 ? accent : (p.accents[i % p.accents.length] ?? p.ink),
        strokeWidth: between(r, 18, 46),
        strokeOpacity: between(r, 0.45, 0.95),
        strokeLinecap: 'round',
      }),
    );
  }
  const sparks = 2 + Math.floor(r() * 4);
  for (let i = 0; i < sparks; i++) {
    const x = between(r, 0.35, 0.95) * w;
    const y = between(r, 0.1, 0.8) * h;
    const s = between(r, 24, 56);
    nodes.push(
      el('path', {
        d: `M ${x} ${y - s} Q ${x} ${y} ${x + s} ${y} Q ${x} ${y} ${x} ${y + s} Q ${x} ${y} ${x - s} ${y} Q ${x} ${y} ${x} ${y - s} Z`,
        fill: p.ink,
      }),
    );
  }
  return nodes;
};

const ART: Record<BlogCategory, Draw> = {
  strategie_marketing: strategy,
  marketing_digital: digital,
  branding,
  growth_hacking: growth,
  analytics,
  tendances: trends,
};

/** The agency's mark (public/icon.svg), as in design.ts. */
function mark(size: number): Node {
  return el(
    'svg',
    { width: size, height: size, viewBox: '0 0 512 512' },
    el('rect', { width: 512, height: 512, rx: 112, fill: '#16a34a' }),
    el('path', { d: 'M150 120h64v214h148v58H150z', fill: '#fff' }),
    el('circle', { cx: 352, cy: 170, r: 46, fill: '#bbf7d0' }),
  );
}

export type PostCoverSpec = { category: BlogCategory; seed: number };

export function postCoverTree(spec: PostCoverSpec, width: number, height: number): ReactNode {
  const random = randomFrom(spec.seed);
  const palette = PALETTES[spec.category];
  const accent = palette.accents[Math.floor(random() * palette.accents.length)] ?? palette.ink;
  // Where the light comes from turns with each post: the ground itself differs.
  const angle = Math.round(between(random, 0, 360));
  // Growth climbs left to right: its art is never mirrored.
  const mirrored = spec.category !== 'growth_hacking' && random() < 0.5;
  // The composition is drawn on the design's 1200x800 and scaled: every width looks the same.
  // A wide soft disc of light, placed by the post: the ground differs before the art does.
  const glow = el('circle', {
    cx: between(random, 0, 1200),
    cy: between(random, 0, 800),
    r: between(random, 280, 520),
    fill: palette.ink,
    fillOpacity: between(random, 0.08, 0.16),
  });
  const art = [glow, ...ART[spec.category](1200, 800, random, palette, accent)];
  const s = width / 1200;
  const px = (n: number) => Math.round(n * s);
  return {
    type: 'div',
    props: {
      style: {
        position: 'relative',
        display: 'flex',
        width,
        height,
        backgroundImage: `linear-gradient(${angle}deg, ${palette.from} 0%, ${palette.to} 100%)`,
        fontFamily: 'Inter',
        overflow: 'hidden',
      },
      children: [
        el(
          'svg',
          {
            width,
            height,
            viewBox: '0 0 1200 800',
            style: { position: 'absolute', top: 0, left: 0 },
          },
          el('g', { transform: mirrored ? 'translate(1200 0) scale(-1 1)' : '' }, ...art),
        ),
        {
          type: 'div',
          props: {
            style: {
              position: 'absolute',
              left: px(56),
              bottom: px(52),
              display: 'flex',
              padding: px(10),
              borderRadius: px(22),
              backgroundColor: 'rgba(5, 30, 16, 0.6)',
            },
            children: [mark(px(56))],
          },
        },
      ],
    },
  } as unknown as ReactNode;
}
