import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No tailwind-merge: it would add ~12 KB to every page; components avoid
 * conflicting utilities through variants instead.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
