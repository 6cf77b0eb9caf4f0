import { useId } from 'react';
import { SERVICE_ICONS } from '~/components/service-icon';
import { cn } from '~/lib/cn';
import { type IconColor, resolveServiceIcon } from '~/lib/service-icon';

/**
 * Hex values of the service colours (app/lib/service-icon.ts), for SVG attributes where Tailwind
 * classes do not reach: the accent ring, the tile behind the icon and the icon itself.
 */
const ACCENTS: Record<IconColor, { ring: string; tile: string; ink: string }> = {
  orange: { ring: '#fb923c', tile: '#ffedd5', ink: '#c2410c' },
  blue: { ring: '#60a5fa', tile: '#dbeafe', ink: '#1d4ed8' },
  purple: { ring: '#c084fc', tile: '#f3e8ff', ink: '#7e22ce' },
  green: { ring: '#4ade80', tile: '#dcfce7', ink: '#166534' },
  emerald: { ring: '#34d399', tile: '#d1fae5', ink: '#047857' },
};

/** Where the tiles go: one service in the middle, several on a diagonal that follows the curve. */
const LAYOUTS: Record<number, [number, number][]> = {
  1: [[176, 86]],
  2: [
    [140, 120],
    [270, 60],
  ],
  3: [
    [88, 150],
    [200, 96],
    [312, 42],
  ],
  4: [
    [56, 168],
    [152, 126],
    [248, 84],
    [344, 42],
  ],
};

/** The two rings around the sun behind the tiles: a wide faint one and a thin one. */
const SUN_RINGS = [
  { r: '96', opacity: '.2', width: '18' },
  { r: '56', opacity: '.3', width: '2' },
];

/**
 * The hero visual of the service pages (docs/design.md, "Hero visuals"): the site's deep green
 * panel with its grid, growth curve and Kuba-inspired band, and the service's own icon on a tile of
 * its colour (one service on /services/:id, up to four on /services). Inline SVG of about 1 KB:
 * no request, never the page's LCP (inline SVG shapes are not LCP candidates), and it scales from
 * its viewBox, so it cannot shift the layout. Decorative: hidden from assistive technologies.
 */
export function ServiceVisual({
  services,
  className,
}: {
  services: { icon: string; title: string }[];
  className?: string;
}) {
  const id = useId().replace(/:/g, '');
  const shown = services.slice(0, 4);
  const positions = LAYOUTS[shown.length] ?? [];
  const tileSize = shown.length > 1 ? 84 : 128;
  // The accent "sun" sits where the tiles are not: top right for one tile, top left for a row.
  const sun = shown.length > 1 ? [64, 56] : [410, 60];
  const main = resolveServiceIcon(shown[0]?.icon ?? '', shown[0]?.title);
  // One service: its colour. Several: the home hero's sun, so that no service takes over.
  const accent = shown.length > 1 ? { ring: '#fde047', tile: '#dcfce7', ink: '' } : ACCENTS[main.color];
  return (
    <svg
      viewBox="0 0 480 300"
      aria-hidden="true"
      focusable="false"
      className={cn('block h-auto w-full', className)}
      data-testid="service-visual"
    >
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14532d" />
          <stop offset="1" stopColor="#15803d" />
        </linearGradient>
        <pattern id={`${id}grid`} width="30" height="30" patternUnits="userSpaceOnUse">
          <path d="M30 0H0v30" fill="none" stroke="#fff" strokeOpacity=".08" />
        </pattern>
        <pattern id={`${id}kuba`} width="32" height="24" patternUnits="userSpaceOnUse">
          <path
            d="M16 2l14 10-14 10L2 12Z"
            fill="none"
            stroke="#bbf7d0"
            strokeOpacity=".45"
            strokeWidth="2.5"
          />
          <path d="M16 8l6 4-6 4-6-4Z" fill="#fde047" fillOpacity=".7" />
        </pattern>
        <clipPath id={`${id}clip`}>
          <rect width="480" height="300" rx="28" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}clip)`}>
        <rect width="480" height="300" fill={`url(#${id}bg)`} />
        <rect width="480" height="300" fill={`url(#${id}grid)`} />
        {SUN_RINGS.map(({ r, opacity, width }) => (
          <circle
            key={r}
            cx={sun[0]}
            cy={sun[1]}
            r={r}
            fill="none"
            stroke={accent.tile}
            strokeOpacity={opacity}
            strokeWidth={width}
          />
        ))}
        <circle cx={sun[0]} cy={sun[1]} r="26" fill={accent.ring} />
        <path
          d="M0 250C80 246 120 210 190 196S310 150 360 110 430 60 480 40V300H0Z"
          fill="#86efac"
          fillOpacity=".14"
        />
        <path
          d="M0 250C80 246 120 210 190 196S310 150 360 110 430 60 480 40"
          fill="none"
          stroke="#bbf7d0"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <rect y="272" width="480" height="28" fill="#14532d" />
        <rect y="274" width="480" height="24" fill={`url(#${id}kuba)`} />
      </g>
      {shown.length === 1 ? (
        // A results card beside the single tile: bars in the service's colour, growing.
        <g transform="translate(318 158)">
          <rect width="120" height="84" rx="14" fill="#fff" />
          <rect x="16" y="50" width="14" height="20" rx="3" fill={accent.tile} />
          <rect x="40" y="40" width="14" height="30" rx="3" fill={accent.ring} fillOpacity=".6" />
          <rect x="64" y="28" width="14" height="42" rx="3" fill={accent.ring} />
          <rect x="88" y="14" width="14" height="56" rx="3" fill={accent.ink} />
        </g>
      ) : null}
      {shown.map((service, index) => {
        const resolved = resolveServiceIcon(service.icon, service.title);
        const colours = ACCENTS[resolved.color];
        const Icon = SERVICE_ICONS[resolved.icon];
        const [x, y] = positions[index] ?? [176, 86];
        const iconSize = tileSize / 2;
        return (
          <g key={service.title} transform={`translate(${x} ${y})`}>
            <rect width={tileSize} height={tileSize} rx={tileSize / 4} fill="#fff" />
            <rect
              x={tileSize / 8}
              y={tileSize / 8}
              width={(tileSize * 3) / 4}
              height={(tileSize * 3) / 4}
              rx={tileSize / 5}
              fill={colours.tile}
            />
            <Icon
              x={(tileSize - iconSize) / 2}
              y={(tileSize - iconSize) / 2}
              width={iconSize}
              height={iconSize}
              color={colours.ink}
              strokeWidth={2}
            />
          </g>
        );
      })}
    </svg>
  );
}
