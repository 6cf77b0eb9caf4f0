import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';
import { initials, PORTRAIT_TINTS } from '~/lib/initials';

/**
 * A person's initials on a brand tint, drawn until a portrait exists (a team card, a
 * testimonial). Decorative: the name is always written beside it. `index`, the person's place in
 * their list, picks the tint, so that neighbours never look alike; `className` gives the size.
 */
export function InitialsAvatar({
  name,
  index,
  className,
  ...props
}: { name: string; index: number } & Omit<ComponentProps<'span'>, 'children'>) {
  return (
    <span
      aria-hidden="true"
      {...props}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br font-extrabold',
        PORTRAIT_TINTS[index % PORTRAIT_TINTS.length],
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
