/**
 * What a new admin password must be (ASVS 5.0 6.2.1, 6.2.4, 6.2.11; docs/decisions/027-password-policy.md):
 * at least 12 characters, and not one of the ~49 000 most common passwords of real breaches (the
 * list shipped by `@zxcvbn-ts/language-common`), nor one of them padded with digits or symbols,
 * nor built on the site's own name, nor a run of a few repeated characters. No composition rules:
 * a phrase of several words is the best password and passes. The spec's form rule (6 characters)
 * still answers first on the client; this is the server's word when a password is set.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_POLICY_MIN_LENGTH = 12;
export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_POLICY_MIN_LENGTH} caractères.`,
  common:
    'Ce mot de passe est trop courant ou trop facile à deviner\u00a0: choisissez une phrase de plusieurs mots.',
} as const;

const COMMON = new Set<string>(dictionary['passwords-common'] as string[]);
/** Words of this site that an attacker would try first. */
const CONTEXT_WORDS = [
  'lisanga',
  'lisangadigital',
  'agence',
  'admin',
  'administrateur',
  'kinshasa',
  'motdepasse',
];

/** The core of a password once case, and digits or symbols around it, are set aside. */
const core = (password: string) =>
  password
    .toLowerCase()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .replace(/[\s_.-]+/g, '');

/** The French message saying why `password` may not be set, or null when it may. */
export function passwordPolicyProblem(password: string): string | null {
  if ([...password].length < PASSWORD_POLICY_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  const lower = password.toLowerCase();
  const base = core(password);
  if (COMMON.has(lower) || COMMON.has(base) || new Set(lower).size < 5)
    return PASSWORD_POLICY_MESSAGES.common;
  if (CONTEXT_WORDS.some((word) => base === word || base.replace(/\d+/g, '') === word)) {
    return PASSWORD_POLICY_MESSAGES.common;
  }
  return null;
}
