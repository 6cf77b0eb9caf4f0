/**
 * The admin accounts' reads and writes behind the sign-in, the sign-out and the password change
 * (docs/product.md §4.3, §7.3). Served by api/auth.ts.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { adminUsers } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { AdminContext } from './require-admin.ts';
import { revokeOtherSessions, revokeSessionByToken } from './sessions.ts';

export type AdminAccount = typeof adminUsers.$inferSelect;
type Events = Pick<EventBus, 'publish'> | undefined;

export async function adminByEmail(db: Database, email: string): Promise<AdminAccount | undefined> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
  return user;
}

export async function adminById(db: Database, id: string): Promise<AdminAccount | undefined> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return user;
}

/** Whether the account's owner must choose a new password before anything else. */
export async function setPasswordChangeRequired(db: Database, userId: string, required: boolean) {
  await db.update(adminUsers).set({ passwordChangeRequired: required }).where(eq(adminUsers.id, userId));
}

/** Revokes the session of `token` (announced on `events`), if it is one. */
export async function signOut(db: Database, token: string | undefined, at: Date, events: Events) {
  await db.transaction(async (tx) => {
    await revokeSessionByToken(tx, token, at, events);
  });
}

/** The admin's new password (already hashed): the account's other sessions end, logged. */
export async function changePassword(
  db: Database,
  admin: AdminContext,
  passwordHash: string,
  at: Date,
  events: Events,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: at })
      .where(eq(adminUsers.id, admin.user.id));
    await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
    await logActivity(tx, {
      type: 'user.password_changed',
      title: `Mot de passe modifié : ${admin.user.email}`,
      description: 'Les autres sessions de ce compte ont été fermées.',
      userId: admin.user.id,
    });
  });
}
