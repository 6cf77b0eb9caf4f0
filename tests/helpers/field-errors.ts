/**
 * The API's answer to a body or a query it refuses field by field: its schema's checks (parseInput,
 * server/http/validate.ts) or a rule the schema cannot check (fieldError, server/errors.ts). The
 * tests of a form's checks assert the French message of every field, and only those.
 */
import type { Response } from 'supertest';
import { expect } from 'vitest';

/**
 * The call (a supertest request, or its answer) is refused with 400 `validation_error`, the general
 * "Certains champs sont invalides." and exactly `fields`, field by field (a value may be an
 * asymmetric matcher: `expect.stringMatching(…)`). Returns the answer.
 */
export async function expectInvalidFields(
  call: Response | PromiseLike<Response>,
  fields: Record<string, unknown>,
): Promise<Response> {
  const res = await call;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({
    code: 'validation_error',
    message: 'Certains champs sont invalides.',
  });
  expect(res.body.error.fields).toEqual(fields);
  return res;
}
