/**
 * The writes behind one's own second factors and the sign-in policy (docs/decisions/079-second-factor.md),
 * each in one transaction with its line in the activity log. Withdrawing a factor, replacing the
 * recovery codes or adding the first factor ends the account's other sessions. Served by
 * api/second-factor.ts, which checks the password and the conditions first.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { adminPasskeys, adminTotp } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';
import type { AdminContext } from './require-admin.ts';
import { dropOrphanRecoveryCodes, setSecondFactorRequired } from './second-factor.ts';
import { revokeOtherSessions } from './sessions.ts';

export type FactorChangeDeps = { db: Database; events?: Pick<EventBus, 'publish'> };
export type Passkey = typeof adminPasskeys.$inferSelect;

const SIGNED_OUT = 'Les autres sessions de ce compte ont été fermées.';
const FIRST_CODES = 'Dix codes de secours ont été créés ; les autres sessions de ce compte ont été fermées.';

/** The confirmed authenticator app: new recovery codes (returned); the first factor signs out the rest. */
export async function enableTotp(
  { db, events }: FactorChangeDeps,
  admin: AdminContext,
  hadFactor: boolean,
  at: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.update(adminTotp).set({ confirmedAt: at }).where(eq(adminTotp.userId, admin.user.id));
    const codes = await replaceRecoveryCodes(tx, admin.user.id, at);
    if (!hadFactor) await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
    await logActivity(tx, {
      type: 'user.totp_enabled',
      title: `Application d’authentification activée : ${admin.user.email}`,
      description: hadFactor ? 'Dix nouveaux codes de secours ont été créés.' : FIRST_CODES,
      userId: admin.user.id,
    });
    return codes;
  });
}

export async function disableTotp({ db, events }: FactorChangeDeps, admin: AdminContext, at: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(adminTotp).where(eq(adminTotp.userId, admin.user.id));
    await dropOrphanRecoveryCodes(tx, admin.user.id);
    await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
    await logActivity(tx, {
      type: 'user.totp_disabled',
      title: `Application d’authentification désactivée : ${admin.user.email}`,
      description: SIGNED_OUT,
      userId: admin.user.id,
    });
  });
}

/** New recovery codes (returned) in place of the old ones; the other sessions end. */
export async function renewRecoveryCodes(
  { db, events }: FactorChangeDeps,
  admin: AdminContext,
  at: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, admin.user.id, at);
    await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
    await logActivity(tx, {
      type: 'user.recovery_codes_replaced',
      title: `Codes de secours régénérés : ${admin.user.email}`,
      description:
        'Les anciens codes ne fonctionnent plus ; les autres sessions de ce compte ont été fermées.',
      userId: admin.user.id,
    });
    return codes;
  });
}

/**
 * A passkey just registered, logged. The first factor gets its recovery codes (returned) and the
 * sessions opened by password alone end.
 */
export async function passkeyAdded(
  { db, events }: FactorChangeDeps,
  admin: AdminContext,
  passkey: Pick<Passkey, 'name'>,
  hadFactor: boolean,
  at: Date,
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const codes = hadFactor ? undefined : await replaceRecoveryCodes(tx, admin.user.id, at);
    if (!hadFactor) await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
    await logActivity(tx, {
      type: 'user.passkey_added',
      title: `Clé d’accès ajoutée : ${passkey.name} (${admin.user.email})`,
      description: hadFactor ? null : FIRST_CODES,
      userId: admin.user.id,
    });
    return codes;
  });
}

/** One of the admin's passkeys, or undefined. */
export async function passkeyOf(db: Database, userId: string, id: string): Promise<Passkey | undefined> {
  const [passkey] = await db
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.userId, userId)));
  return passkey;
}

/** Renames one of the admin's passkeys; undefined when the admin has no such passkey. */
export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey | undefined> {
  const [row] = await db
    .update(adminPasskeys)
    .set({ name })
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.userId, userId)))
    .returning();
  return row;
}

export async function removePasskey(
  { db, events }: FactorChangeDeps,
  admin: AdminContext,
  passkey: Pick<Passkey, 'id' | 'name'>,
  at: Date,
) {
  await db.transaction(async (tx) => {
    await tx.delete(adminPasskeys).where(eq(adminPasskeys.id, passkey.id));
    await dropOrphanRecoveryCodes(tx, admin.user.id);
    await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
    await logActivity(tx, {
      type: 'user.passkey_removed',
      title: `Clé d’accès supprimée : ${passkey.name} (${admin.user.email})`,
      description: SIGNED_OUT,
      userId: admin.user.id,
    });
  });
}

/** Whether every admin must use a second factor, set and logged. */
export async function changeSecondFactorPolicy(db: Database, required: boolean, userId: string, at: Date) {
  await db.transaction(async (tx) => {
    await setSecondFactorRequired(tx, required, userId, at);
    await logActivity(tx, {
      type: 'setting.second_factor_policy',
      title: required
        ? 'Double authentification exigée pour tous les administrateurs'
        : 'Double authentification facultative pour les administrateurs',
      description: required
        ? 'Les administrateurs sans second facteur devront en ajouter un à leur prochaine action.'
        : null,
      userId,
    });
  });
}
