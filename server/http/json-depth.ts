/**
 * A ceiling on how deeply a JSON body nests. No form or admin payload goes beyond a few levels;
 * thousands of levels (`{"a":{"a":...}}` within the 100 kB limit) would otherwise overflow the
 * stack of the recursive code that reads bodies (idempotency hashing, validation) and end in a 500.
 * Checked once, right after parsing, without recursion.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.ts';

export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `max` levels deep (iterative). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

export const limitJsonDepth: RequestHandler = (req, _res, next) => {
  if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
    throw new HttpError(400, 'too_deep', 'Le corps de la requête est trop imbriqué.');
  }
  next();
};
