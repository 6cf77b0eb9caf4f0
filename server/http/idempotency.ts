/**
 * Client-chosen idempotency keys (the `Idempotency-Key` header): a retried request with the same
 * key and body gets the first answer instead of doing the work again. The key is claimed in the
 * same transaction as the work and its answer, so either all three are stored or none is; a
 * concurrent duplicate waits on the unique index until the first commits, then reads its answer.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { badRequest, HttpError } from '../errors.ts';

export type StoredResponse = { status: number; body: unknown };

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/** The header's value, validated; undefined when the client sent none. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!KEY_PATTERN.test(header)) {
    throw badRequest("La clé d'idempotence est invalide.", {
      'Idempotency-Key': "La clé d'idempotence est invalide.",
    });
  }
  return header;
}

/** A stable fingerprint of the request body: key order does not matter. */
export function hashRequest(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as Record<string, unknown>)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const conflict = () =>
  new HttpError(
    422,
    'idempotency_conflict',
    "Cette clé d'idempotence a déjà servi pour une autre demande. Rechargez la page et réessayez.",
  );

/** The stored answer for this key, if the request was already handled; throws on a reused key. */
export async function findStoredResponse(
  db: Database,
  scope: string,
  key: string,
  requestHash: string,
): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row || row.responseStatus === null) return undefined;
  if (row.requestHash !== requestHash) throw conflict();
  return { status: row.responseStatus, body: row.responseBody };
}

/**
 * Runs `work` in a transaction that owns the key. The answer is decided before the work (the
 * caller chooses the new row's id), so the claim stores it at once: one statement, no update
 * after the work. A failed work rolls the claim back with it. Returns the stored answer instead
 * when another request with this key committed first.
 */
export async function runIdempotently(
  db: Database,
  options: { scope: string; key: string | undefined; requestHash: string; answer: StoredResponse },
  work: (tx: Database) => Promise<void>,
): Promise<StoredResponse> {
  const { scope, key, requestHash, answer } = options;
  if (!key) {
    await db.transaction((tx) => work(tx as unknown as Database));
    return answer;
  }
  const claimed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const rows = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, responseStatus: answer.status, responseBody: answer.body })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (rows.length === 0) return false;
    await work(tx);
    return true;
  });
  if (claimed) return answer;
  const stored = await findStoredResponse(db, scope, key, requestHash);
  if (!stored) throw new Error(`idempotency key ${scope}/${key} has no stored response`);
  return stored;
}
