/**
 * The picture of an item in a back-office list (a case study's image, a team member's photo),
 * decorative (alt=""), or an icon in a box in its place while it has none. `className` sizes and
 * shapes both; `placeholderClassName` colours the box.
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

export function Thumbnail({
  src,
  icon: Icon,
  size,
  className,
  placeholderClassName,
}: {
  src: string | null;
  icon: LucideIcon;
  /** The image's width and height attributes, in pixels. */
  size?: number;
  className: string;
  placeholderClassName: string;
}) {
  return src ? (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className={cn('shrink-0 object-cover', className)}
    />
  ) : (
    <span className={cn('flex shrink-0 items-center justify-center', className, placeholderClassName)}>
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}

/**
 * A person's row in an ordered list (a team member, a testimonial's author): the round photo, or
 * `icon` on green while there is none, the name and its badges, then `children`, the lines below.
 */
export function PortraitSummary({
  src,
  icon,
  name,
  badges,
  children,
}: {
  src: string | null;
  icon: LucideIcon;
  name: string;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <Thumbnail
        src={src}
        icon={icon}
        size={48}
        className="size-12 rounded-full"
        placeholderClassName="bg-brand-100 text-brand-800"
      />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-gray-900">{name}</span>
          {badges}
        </p>
        {children}
      </div>
    </div>
  );
}
