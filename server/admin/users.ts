/**
 * Admin accounts (decision 016): the list (with the latest login, from admin_sessions), creation
 * with a generated password shown once, names, deactivation (every session revoked at once,
 * websockets closed) and reactivation, and a new generated password when someone lost theirs. Never
 * the password hash out, never a role in: docs/product.md §6.2 has one role.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminAccount,
  type AdminUserCreateSchema,
  type AdminUserUpdateSchema,
  adminFullName,
  CANNOT_DEACTIVATE_SELF,
  EMAIL_ALREADY_USED,
} from '#common/schemas/users-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { type AdminUser, adminSessions, adminUsers } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';

type Events = Pick<EventBus, 'publish'>;

const userNotFound = () => new HttpError(404, 'not_found', 'Utilisateur introuvable.');

function presentAccount(
  row: AdminUser,
  sessions: { lastLoginAt: Date | null; activeSessions: number } = { lastLoginAt: null, activeSessions: 0 },
): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: sessions.lastLoginAt?.toISOString() ?? null,
    activeSessions: sessions.activeSessions,
  };
}

async function sessionFacts(db: Database, now: Date) {
  const rows = await db
    .select({
      userId: adminSessions.userId,
      lastLoginAt: sql<string | null>`max(${adminSessions.createdAt})`,
      activeSessions: sql<number>`(count(*) filter (where ${adminSessions.revokedAt} is null and ${adminSessions.expiresAt} > ${now.toISOString()}))::int`,
    })
    .from(adminSessions)
    .groupBy(adminSessions.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt) : null,
        activeSessions: Number(r.activeSessions),
      },
    ]),
  );
}

/** Active accounts first, then by name. */
export async function listUsers(db: Database, now: Date): Promise<AdminAccount[]> {
  const [rows, facts] = await Promise.all([
    db
      .select()
      .from(adminUsers)
      .orderBy(
        sql`${adminUsers.isActive} desc`,
        asc(adminUsers.lastName),
        asc(adminUsers.firstName),
        asc(adminUsers.email),
      ),
    sessionFacts(db, now),
  ]);
  return rows.map((row) => presentAccount(row, facts.get(row.id)));
}

async function findAccount(db: Database, id: string, now: Date): Promise<AdminAccount> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw userNotFound();
  const facts = await sessionFacts(db, now);
  return presentAccount(row, facts.get(id));
}

const emailTaken = () => new HttpError(409, 'conflict', EMAIL_ALREADY_USED, { email: EMAIL_ALREADY_USED });

/** A new admin with a generated password, returned once: only its hash is kept. */
export async function createUser(
  db: Database,
  input: z.output<typeof AdminUserCreateSchema>,
  adminId: string,
): Promise<{ user: AdminAccount; password: string }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const row = await inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.email, input.email));
    if (existing) throw emailTaken();
    const inserted = await tx
      .insert(adminUsers)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash })
      // Two admins creating the same address at once: the unique index decides, no 500.
      .onConflictDoNothing({ target: adminUsers.email })
      .returning();
    const created = inserted[0];
    if (!created) throw emailTaken();
    await logActivity(tx, {
      type: 'user.created',
      title: `Utilisateur créé : ${adminFullName(created)} (${created.email})`,
      description: 'Mot de passe provisoire généré et affiché une fois.',
      userId: adminId,
    });
    return created;
  });
  return { user: presentAccount(row), password };
}

export async function updateUser(
  db: Database,
  events: Events,
  input: { id: string; changes: z.output<typeof AdminUserUpdateSchema>; adminId: string; now: Date },
): Promise<AdminAccount> {
  const { id, changes, adminId, now } = input;
  if (changes.isActive === false && id === adminId)
    throw badRequest(CANNOT_DEACTIVATE_SELF, { isActive: CANNOT_DEACTIVATE_SELF });
  await inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
    if (!current) throw userNotFound();
    const set: Partial<typeof adminUsers.$inferInsert> = {};
    if (changes.firstName !== undefined && changes.firstName !== current.firstName)
      set.firstName = changes.firstName;
    if (changes.lastName !== undefined && changes.lastName !== current.lastName)
      set.lastName = changes.lastName;
    if (changes.isActive !== undefined && changes.isActive !== current.isActive)
      set.isActive = changes.isActive;
    if (Object.keys(set).length === 0) return;
    const [row] = await tx.update(adminUsers).set(set).where(eq(adminUsers.id, id)).returning();
    if (!row) throw userNotFound();
    const who = `${adminFullName(row)} (${row.email})`;
    if (set.firstName !== undefined || set.lastName !== undefined) {
      await logActivity(tx, {
        type: 'user.updated',
        title: `Utilisateur modifié : ${who}`,
        description: `Nom : ${adminFullName(current)} → ${adminFullName(row)}`,
        userId: adminId,
      });
    }
    if (set.isActive === false) {
      // Validation already refuses an inactive account's sessions; revoking them too keeps them
      // dead after a reactivation, and the event closes their websockets now.
      await revokeUserSessions(tx, id, now, events);
      await logActivity(tx, {
        type: 'user.deactivated',
        title: `Utilisateur désactivé : ${who}`,
        description: 'Ses sessions ouvertes ont été fermées.',
        userId: adminId,
      });
    } else if (set.isActive === true) {
      await logActivity(tx, {
        type: 'user.reactivated',
        title: `Utilisateur réactivé : ${who}`,
        userId: adminId,
      });
    }
  });
  return findAccount(db, id, now);
}

/**
 * A new generated password for someone who lost theirs (shown once to the admin who asked); their
 * sessions end. An admin changes their own password with the current one instead.
 */
export async function resetUserPassword(
  db: Database,
  events: Events,
  input: { id: string; adminId: string; now: Date },
): Promise<{ user: AdminAccount; password: string }> {
  if (input.id === input.adminId) {
    throw badRequest('Changez votre propre mot de passe avec le formulaire « Mon mot de passe ».');
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(adminUsers)
      .set({ passwordHash })
      .where(eq(adminUsers.id, input.id))
      .returning();
    if (!row) throw userNotFound();
    await revokeUserSessions(tx, row.id, input.now, events);
    await logActivity(tx, {
      type: 'user.password_reset',
      title: `Mot de passe réinitialisé : ${adminFullName(row)} (${row.email})`,
      description: 'Nouveau mot de passe provisoire généré ; ses sessions ont été fermées.',
      userId: input.adminId,
    });
  });
  return { user: await findAccount(db, input.id, input.now), password };
}
