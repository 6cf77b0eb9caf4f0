import type { z } from 'zod';
import { HttpError, validationError } from '../errors.ts';

/**
 * Message for a NUL character: PostgreSQL cannot store one in text, so a value the schema accepted
 * would otherwise fail at the database with a 500.
 */
export const NUL_CHARACTER_MESSAGE = 'Ce texte contient un caractère non autorisé (caractère nul).';

/** Parses untrusted input with a shared zod schema; a failure becomes a 400 with French field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  // One check for every schema: whatever the schema lets through is stored, so it must be storable.
  const withNul = pathsWithNul(result.data);
  if (withNul.length > 0) {
    throw new HttpError(
      400,
      'validation_error',
      'Certains champs sont invalides.',
      Object.fromEntries(withNul.map((path) => [path, NUL_CHARACTER_MESSAGE])),
    );
  }
  return result.data;
}

/** Dotted paths of the strings holding a NUL character, in a parsed value. */
function pathsWithNul(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.length > 0 ? path.join('.') : '_');
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsWithNul(item, [...path, String(index)], found);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) pathsWithNul(item, [...path, key], found);
  }
  return found;
}
