/**
 * Admin accounts in the back-office (decision 016), shared by the users' forms and the server.
 * Routes (behind the admin guard):
 * - GET   /api/admin/users       -> { users: AdminAccount[] }
 * - POST  /api/admin/users       AdminUserCreate -> 201 { user: AdminAccount, password } (shown once)
 * - PATCH /api/admin/users/:id   AdminUserUpdate -> { user: AdminAccount } (names, active; never the role)
 *
 * docs/product.md §6.2 has one role, 'admin': it is shown, never chosen. The schemas are strict, so a body
 * carrying `role`, `passwordHash` or `id` is refused rather than silently applied.
 */
import { z } from 'zod';
import { AUTH_MAX_LENGTH } from './auth.ts';
import { requiredText, SINGLE_LINE, singleLine, strictObjectError } from './fields.ts';

export const ADMIN_ROLE_LABELS: Record<string, string> = { admin: 'Administrateur' };
export const adminRoleLabel = (role: string) => ADMIN_ROLE_LABELS[role] ?? role;

/** An admin's name as the back-office shows it, on the server and in the screens. */
export const adminFullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

export type AdminAccount = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** The start of their latest session (a login), null when they never logged in. */
  lastLoginAt: string | null;
  /** Sessions currently open (not revoked, not expired). */
  activeSessions: number;
  /** Whether they sign in with a second factor (a passkey or an authenticator app). */
  secondFactor: boolean;
};

const name = (label: string) =>
  requiredText(1, 100, {
    missing: `${label} est obligatoire.`,
    long: `${label} est trop long (100 caractères au plus).`,
  }).regex(SINGLE_LINE, singleLine);

export const AdminUserCreateSchema = z.strictObject(
  {
    // Stored lower-cased, like every address (a plain unique index is then case-insensitive).
    email: z
      .string({ error: 'Email invalide' })
      .trim()
      .toLowerCase()
      .max(AUTH_MAX_LENGTH.email, { error: 'Email invalide' })
      .pipe(z.email({ error: 'Email invalide' })),
    firstName: name('Le prénom'),
    lastName: name('Le nom'),
  },
  strictObjectError,
);
export type AdminUserCreate = z.input<typeof AdminUserCreateSchema>;

export const AdminUserUpdateSchema = z
  .strictObject(
    {
      firstName: name('Le prénom'),
      lastName: name('Le nom'),
      isActive: z.boolean({ error: 'Valeur invalide.' }),
    },
    strictObjectError,
  )
  .partial();
export type AdminUserUpdate = z.input<typeof AdminUserUpdateSchema>;

export const CANNOT_DEACTIVATE_SELF = 'Vous ne pouvez pas désactiver votre propre compte.';
export const EMAIL_ALREADY_USED = 'Un compte existe déjà avec cette adresse email.';
