/**
 * Password hashing with argon2id (`@node-rs/argon2`; the `argon2` package's prebuilt binary
 * crashes on our machines). Parameters follow OWASP's cheat sheet: 19 MiB, 2 passes, 1 lane.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// `Algorithm.Argon2id` is a const enum that isolated modules cannot import; its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password for the first admin: 144 bits, URL-safe, easy to copy. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
