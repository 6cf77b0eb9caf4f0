/**
 * A person's initials, for the avatar drawn until a portrait exists (a team card, the call's host):
 * "Grâce Nsimba" -> "GN", "Héritier" -> "H". First and last words, whole characters, upper case.
 */
export function initials(name: string): string {
  const words = name.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0] ?? '';
  return (letter(first) + (last ? letter(last) : '')).toLocaleUpperCase('fr-FR');
}

/**
 * Portrait placeholders (docs/design.md): brand tints, light and deep in turn, so that neighbours
 * never look alike. Picked by the person's place in their list: the same list always gets the same
 * colours. Every pair passes WCAG AA for the initials (4.5:1 or more).
 */
export const PORTRAIT_TINTS = [
  'from-brand-100 to-brand-200 text-brand-900',
  'from-brand-700 to-brand-900 text-white',
  'from-emerald-100 to-teal-200 text-emerald-900',
  'from-teal-700 to-emerald-900 text-white',
  'from-lime-100 to-brand-200 text-brand-900',
  'from-brand-800 to-emerald-900 text-brand-50',
] as const;
