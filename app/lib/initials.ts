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
