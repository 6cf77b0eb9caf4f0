import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, and when two Tailwind utilities conflict the later one wins: a caller's
 * `hidden sm:inline-flex` overrides a component's `inline-flex`, `text-red-700` its `text-gray-800`.
 * With plain clsx both stayed, and the stylesheet's order decided (the Admin button that never
 * hid on phones, decision 024).
 *
 * The theme's custom tokens (app/app.css) are colours (`brand-*`) and the `sans` font family:
 * tailwind-merge's default configuration already reads any `bg-*`, `text-*`, `ring-*` value that
 * is not a size as a colour, so they need no configuration. A custom font size or spacing token
 * added to the theme would have to be declared here with `extendTailwindMerge` (cn.test.ts checks
 * the tokens in use).
 */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
