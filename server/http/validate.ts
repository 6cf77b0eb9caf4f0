import type { z } from 'zod';
import { validationError } from '../errors.ts';

/** Parses untrusted input with a shared zod schema; a failure becomes a 400 with French field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
