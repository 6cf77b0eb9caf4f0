/**
 * Main navigation (docs/product.md §2.3): '/' is active only on the exact root, the others by path prefix.
 */
export const NAV_LINKS = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/about', label: 'À propos', end: false },
  { to: '/services', label: 'Services', end: false },
  { to: '/portfolio', label: 'Portfolio', end: false },
  { to: '/blog', label: 'Blog', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

/** The rule itself, for code that is not a NavLink. */
export function isNavActive(linkTo: string, pathname: string): boolean {
  if (linkTo === '/') return pathname === '/';
  return pathname === linkTo || pathname.startsWith(`${linkTo}/`);
}
