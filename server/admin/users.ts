/**
 * Admin accounts (decision 016): the list (with the latest login, from admin_sessions), creation
 * with a generated password shown once, names, deactivation (every session revoked at once,
 * websockets closed) and reactivation, and a new generated password when someone lost theirs. Never
 * the password hash out, never a role in: docs/product.md §6.2 has one role.
 */
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { callTimeWords } from '#common/call-time.ts';
import { KINSHASA_TIME_ZONE } from '#common/kinshasa.ts';
import {
  type AdminAccount,
  type AdminUserCreateSchema,
  type AdminUserUpdateSchema,
  adminFullName,
  CANNOT_DEACTIVATE_SELF,
  EMAIL_ALREADY_USED,
} from '#common/schemas/users-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { type AdminUser, adminPasskeys, adminSessions, adminTotp, adminUsers } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import { dropOrphanRecoveryCodes, factorsOf, hasSecondFactor, POLICY_ROLE } from '../auth/second-factor.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { Outbox } from '../email/outbox.ts';
import { escapeHtml, siteUrlOf } from '../email/templates.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';

type Events = Pick<EventBus, 'publish'>;

const userNotFound = () => new HttpError(404, 'not_found', 'Utilisateur introuvable.');

function presentAccount(
  row: AdminUser,
  sessions: { lastLoginAt: Date | null; activeSessions: number } = { lastLoginAt: null, activeSessions: 0 },
  secondFactor = false,
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
    secondFactor,
  };
}

/** The accounts with a passkey or a confirmed authenticator app. */
async function withSecondFactor(db: Database): Promise<Set<string>> {
  const [apps, keys] = await Promise.all([
    db.select({ userId: adminTotp.userId }).from(adminTotp).where(isNotNull(adminTotp.confirmedAt)),
    db.selectDistinct({ userId: adminPasskeys.userId }).from(adminPasskeys),
  ]);
  return new Set([...apps, ...keys].map((row) => row.userId));
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
  const secured = await withSecondFactor(db);
  return rows.map((row) => presentAccount(row, facts.get(row.id), secured.has(row.id)));
}

async function findAccount(db: Database, id: string, now: Date): Promise<AdminAccount> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw userNotFound();
  const facts = await sessionFacts(db, now);
  return presentAccount(row, facts.get(id), hasSecondFactor(await factorsOf(db, id)));
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
    if (await hasRow(tx, adminUsers, eq(adminUsers.email, input.email))) throw emailTaken();
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

/**
 * An administrator resets a colleague's second factor (a lost phone, a broken key): their passkeys,
 * authenticator app and recovery codes go, their sessions end, and they are told by email who did
 * it. At their next sign-in with their password they set up a new factor (the policy, when it
 * requires one, holds them to it). The caller has checked the administrator's password already.
 */
export async function resetSecondFactor(
  db: Database,
  deps: { events: Events; outbox: Outbox; publicUrl: string },
  input: {
    id: string;
    admin: Pick<AdminUser, 'id' | 'role' | 'firstName' | 'lastName' | 'email'>;
    now: Date;
  },
): Promise<AdminAccount> {
  const { id, admin, now } = input;
  if (admin.role !== POLICY_ROLE) {
    throw new HttpError(
      403,
      'forbidden',
      'Seul un administrateur peut réinitialiser la double authentification d’un autre compte.',
    );
  }
  if (id === admin.id) {
    throw badRequest('Gérez votre propre double authentification dans l’onglet « Sécurité ».');
  }
  await inTransaction(db, async (tx) => {
    const [target] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
    if (!target) throw userNotFound();
    if (!hasSecondFactor(await factorsOf(tx, id))) {
      throw new HttpError(
        409,
        'no_second_factor',
        'Ce compte n’a pas de double authentification à réinitialiser.',
      );
    }
    await tx.delete(adminPasskeys).where(eq(adminPasskeys.userId, id));
    await tx.delete(adminTotp).where(eq(adminTotp.userId, id));
    await dropOrphanRecoveryCodes(tx, id);
    await revokeUserSessions(tx, id, now, deps.events);
    const by = adminFullName(admin);
    await logActivity(tx, {
      type: 'user.second_factor_reset',
      title: `Double authentification réinitialisée : ${adminFullName(target)} (${target.email})`,
      description:
        'Clés d’accès, application et codes de secours retirés ; ses sessions ont été fermées ; un email l’a prévenu(e).',
      userId: admin.id,
    });
    const loginUrl = `${siteUrlOf(deps.publicUrl)}/admin/login`;
    const paragraphs = [
      `Bonjour ${target.firstName},`,
      `${by} a réinitialisé la double authentification de votre compte d’administration le ${callTimeWords(now, KINSHASA_TIME_ZONE).when}. Vos clés d’accès, votre application d’authentification et vos codes de secours ne fonctionnent plus, et vos sessions ouvertes ont été fermées.`,
      'Connectez-vous avec votre mot de passe, puis ajoutez une nouvelle clé d’accès ou l’application d’authentification dans Paramètres › Sécurité.',
      `Vous n’avez rien demandé ? Prévenez ${by} ou un autre administrateur sans attendre.`,
    ];
    await deps.outbox.enqueueEmail(tx, {
      to: target.email,
      subject: 'Votre double authentification a été réinitialisée',
      text: [...paragraphs, `Se connecter : ${loginUrl}`].join('\n\n'),
      html: [
        ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
        `<p><a href="${escapeHtml(loginUrl)}">Se connecter</a></p>`,
      ].join(''),
      dedupeKey: `user:${id}:second-factor-reset:${now.toISOString()}`,
    });
  });
  return findAccount(db, id, now);
}
