/**
 * A card's link, on its title: its click area covers the whole card (which is `relative`) while
 * its accessible name stays the title; the card shows the focus ring (focus-within).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="after:absolute after:inset-0 hover:text-brand-800 focus-visible:outline-none">
      {children}
    </Link>
  );
}
