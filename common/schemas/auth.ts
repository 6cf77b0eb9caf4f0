/**
 * Admin login and password change (docs/product.md §5.4), shared by the forms and the server. Lengths are
 * capped so argon2 is never fed megabytes of input by an anonymous caller.
 */
import { z } from 'zod';
import { MIN_LENGTH } from '../constants.ts';

/** Longest accepted values: far above any real password, far below anything costly to hash. */
export const AUTH_MAX_LENGTH = { email: 254, password: 256 } as const;

const PASSWORD_TOO_SHORT = 'Le mot de passe doit contenir au moins 6 caractères';
const PASSWORD_TOO_LONG = `Le mot de passe est trop long (${AUTH_MAX_LENGTH.password} caractères au plus).`;
export const PASSWORDS_DO_NOT_MATCH = 'Les mots de passe ne correspondent pas';
export const PASSWORD_UNCHANGED = 'Le nouveau mot de passe doit être différent de l’actuel.';

// Passwords are never trimmed: a space is a character the user chose.
export const passwordField = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(MIN_LENGTH.password, { error: PASSWORD_TOO_SHORT })
  .max(AUTH_MAX_LENGTH.password, { error: PASSWORD_TOO_LONG });

export const AdminLoginSchema = z.object({
  email: z
    .string({ error: 'Email invalide' })
    .trim()
    .max(AUTH_MAX_LENGTH.email, { error: 'Email invalide' })
    .pipe(z.email({ error: 'Email invalide' })),
  password: passwordField,
  rememberMe: z.boolean().optional().default(false),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

export const PasswordChangeSchema = z
  .object({ currentPassword: passwordField, newPassword: passwordField, confirmPassword: passwordField })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: PASSWORD_UNCHANGED,
    path: ['newPassword'],
  });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
