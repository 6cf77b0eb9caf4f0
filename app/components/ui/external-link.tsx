/**
 * A link that opens another site in a new tab, without handing it this page (noopener) nor the
 * address it came from (noreferrer); its `label` says where it goes and that a tab opens.
 */
import type { ReactNode } from 'react';

export function ExternalLink({
  href,
  label,
  className,
  children,
}: {
  href: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} aria-label={label}>
      {children}
    </a>
  );
}
