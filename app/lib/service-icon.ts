/**
 * Service icon rules (docs/product.md §3.3), as a pure function so they are tested once and shared by the
 * public pages and the admin's live preview:
 * 1. a known icon name is used as is;
 * 2. otherwise the first keyword found in the name picks the icon;
 * 3. otherwise the default target icon.
 * The colour comes from keywords too (marketing/communication orange, tech/digital/web blue,
 * design/creative purple, business/consulting green, analytics/data emerald, else green). Keywords
 * are looked for in the icon name, then in the service title, lower-cased and without accents.
 */
export const KNOWN_ICONS = [
  'target',
  'megaphone',
  'trending-up',
  'search',
  'bar-chart-3',
  'chart-column',
  'line-chart',
  'chart-line',
  'pen-tool',
  'palette',
  'camera',
  'video',
  'share-2',
  'mail',
  'globe',
  'smartphone',
  'lightbulb',
  'users',
  'briefcase',
  'sparkles',
  'layout',
  'message-circle',
  'code',
  'cpu',
  'database',
  'gauge',
  'shopping-bag',
  'shopping-cart',
  'credit-card',
  'eye',
  'monitor-smartphone',
  'badge-dollar-sign',
] as const;
export type IconName = (typeof KNOWN_ICONS)[number];

/** Keyword -> icon, in the order of docs/product.md §3.3 (the first match wins). */
const KEYWORD_ICONS: [string, IconName][] = [
  ['business', 'briefcase'],
  ['strategy', 'target'],
  ['consulting', 'users'],
  ['analysis', 'search'],
  ['marketing', 'megaphone'],
  ['communication', 'message-circle'],
  ['social', 'share-2'],
  ['campaign', 'megaphone'],
  ['web', 'globe'],
  ['app', 'smartphone'],
  ['code', 'code'],
  ['tech', 'cpu'],
  ['digital', 'monitor-smartphone'],
  ['design', 'pen-tool'],
  ['creative', 'sparkles'],
  ['visual', 'eye'],
  ['brand', 'palette'],
  ['analytics', 'chart-column'],
  ['data', 'database'],
  ['performance', 'gauge'],
  ['growth', 'trending-up'],
  ['shop', 'shopping-bag'],
  ['ecommerce', 'shopping-cart'],
  ['sales', 'badge-dollar-sign'],
  ['payment', 'credit-card'],
];

export type IconColor = 'orange' | 'blue' | 'purple' | 'green' | 'emerald';

const COLOR_RULES: [string[], IconColor][] = [
  [['marketing', 'communication'], 'orange'],
  [['tech', 'digital', 'web'], 'blue'],
  [['design', 'creative'], 'purple'],
  [['business', 'consulting'], 'green'],
  [['analytics', 'data'], 'emerald'],
];

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const isKnown = (name: string): name is IconName => (KNOWN_ICONS as readonly string[]).includes(name);

type ResolvedIcon = { icon: IconName; color: IconColor };

/** Resolved once per icon name and title: every page lists the same few services many times. */
const resolved = new Map<string, ResolvedIcon>();
const RESOLVED_MAX = 500;

export function resolveServiceIcon(iconName: string, title = ''): ResolvedIcon {
  const key = `${iconName}\u0000${title}`;
  const known = resolved.get(key);
  if (known) return known;
  const result = resolveUncached(iconName, title);
  if (resolved.size >= RESOLVED_MAX) resolved.clear();
  resolved.set(key, result);
  return result;
}

function resolveUncached(iconName: string, title: string): ResolvedIcon {
  const name = normalize(iconName.trim());
  const haystacks = [name, normalize(title)];
  const icon = isKnown(name)
    ? name
    : (haystacks.flatMap((text) => KEYWORD_ICONS.filter(([keyword]) => text.includes(keyword)))[0]?.[1] ??
      'target');
  const color =
    haystacks.flatMap((text) =>
      COLOR_RULES.filter(([keywords]) => keywords.some((keyword) => text.includes(keyword))),
    )[0]?.[1] ?? 'green';
  return { icon, color };
}
