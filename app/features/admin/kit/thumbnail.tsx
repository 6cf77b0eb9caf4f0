/**
 * The picture of an item in a back-office list (a case study's image, a team member's photo),
 * decorative (alt=""), or an icon in a box in its place while it has none. `className` sizes and
 * shapes both; `placeholderClassName` colours the box.
 */
import type { LucideIcon } from 'lucide-react';
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
