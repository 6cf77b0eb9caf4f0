/**
 * What second factors an admin has, and the policy that may require one
 * (docs/decisions/079-second-factor.md). Recovery codes are a spare for the other factors: they
 * go when the last passkey or app goes, and do not count as a factor by themselves.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { SecondFactorMethod, SecondFactorStatus } from '#common/schemas/second-factor.ts';
import type { Database } from '#db/client.ts';
import { adminPasskeys, adminRecoveryCodes, adminTotp, authSettings } from '#db/schema.ts';
import { passkeysOf, presentPasskey } from './passkeys.ts';
import { recoveryCodesLeft } from './recovery-codes.ts';

/** The role that may change the policy: the one role the back-office has (docs/product.md §6.2). */
export const POLICY_ROLE = 'admin';

export type Factors = { totp: boolean; passkeys: number; recoveryCodes: number };

/**
 * One query after the other: `db` is often a transaction (a factor removed, a colleague's factors
 * reset), whose one connection must not be sent two queries at once (`pg` refuses it from v9).
 */
export async function factorsOf(db: Database, userId: string): Promise<Factors> {
  const [totp] = await db
    .select({ n: count() })
    .from(adminTotp)
    .where(and(eq(adminTotp.userId, userId), isNotNull(adminTotp.confirmedAt)));
  const [passkeys] = await db
    .select({ n: count() })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId));
  const recoveryCodes = await recoveryCodesLeft(db, userId);
  return { totp: (totp?.n ?? 0) > 0, passkeys: passkeys?.n ?? 0, recoveryCodes };
}

export const hasSecondFactor = (factors: Factors) => factors.totp || factors.passkeys > 0;

/** The ways the second step may be passed, in the order the login screen offers them. */
export function methodsOf(factors: Factors): SecondFactorMethod[] {
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
    ...(factors.recoveryCodes > 0 ? (['recovery'] as const) : []),
  ];
}

export async function secondFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db.select({ required: authSettings.secondFactorRequired }).from(authSettings);
  return row?.required ?? false;
}

export async function setSecondFactorRequired(db: Database, required: boolean, adminId: string, now: Date) {
  await db
    .insert(authSettings)
    .values({ id: true, secondFactorRequired: required, updatedBy: adminId, updatedAt: now })
    .onConflictDoUpdate({
      target: authSettings.id,
      set: { secondFactorRequired: required, updatedBy: adminId, updatedAt: now },
    });
}

export async function secondFactorStatus(
  db: Database,
  user: { id: string; role: string },
): Promise<SecondFactorStatus> {
  const [passkeys, totp, recoveryCodes, required] = await Promise.all([
    passkeysOf(db, user.id),
    db.select({ confirmedAt: adminTotp.confirmedAt }).from(adminTotp).where(eq(adminTotp.userId, user.id)),
    recoveryCodesLeft(db, user.id),
    secondFactorRequired(db),
  ]);
  const confirmedAt = totp[0]?.confirmedAt ?? null;
  return {
    passkeys: passkeys.map(presentPasskey),
    totp: { enabled: confirmedAt !== null, confirmedAt: confirmedAt?.toISOString() ?? null },
    recoveryCodesLeft: recoveryCodes,
    secondFactorRequired: required,
    canChangePolicy: user.role === POLICY_ROLE,
  };
}

/** After a factor went: without passkey nor app, the recovery codes have nothing left to stand in for. */
export async function dropOrphanRecoveryCodes(db: Database, userId: string): Promise<void> {
  const factors = await factorsOf(db, userId);
  if (hasSecondFactor(factors)) return;
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
}
