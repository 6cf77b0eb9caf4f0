/**
 * Recovery codes (docs/decisions/079-second-factor.md): ten single-use codes of 80 random bits,
 * written as 16 base32 characters in four groups (`k7m2-x9qp-4hrt-wz3c`). Only the SHA-256 of
 * each is stored: 80 random bits cannot be found back from their hash, unlike a password, so a
 * slow hash (argon2) would buy nothing and cost a second of CPU per attempt over ten codes. Using
 * one is a conditional update, so a code works once even when two requests race.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '#common/schemas/second-factor.ts';
import type { Database } from '#db/client.ts';
import { adminRecoveryCodes } from '#db/schema.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** 16 characters of 5 bits each from 10 random bytes, grouped by four. */
function newCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)?.join('-') ?? out;
}

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** Ten new codes for the admin, replacing every earlier one; the clear codes are returned once. */
export async function replaceRecoveryCodes(db: Database, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

/** Uses one code of the admin: true when it was theirs and unused (it is then spent). */
export async function useRecoveryCode(
  db: Database,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
