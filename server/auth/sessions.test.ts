import { describe, expect, it } from 'vitest';
import { AdminLoginSchema, PasswordChangeSchema } from '#common/schemas/auth.ts';
import { readCookie, sessionCookieFor } from './cookie.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { generateSessionToken, hashSessionToken, isWellFormedToken } from './sessions.ts';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters and verifies only the right password', async () => {
    const hash = await hashPassword('motdepasse-solide');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'motdepasse-solide')).toBe(true);
    expect(await verifyPassword(hash, 'motdepasse-solidE')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});

describe('session tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256 hex digest', () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(a)).not.toBe(hashSessionToken(b));
    expect(isWellFormedToken(a)).toBe(true);
    expect(isWellFormedToken(`${a}x`)).toBe(false);
    expect(isWellFormedToken('a'.repeat(42))).toBe(false);
    expect(isWellFormedToken(undefined)).toBe(false);
  });
});

describe('session cookie', () => {
  it('is __Host-session and Secure over https, session over plain http', () => {
    expect(sessionCookieFor('https://agence.example')).toEqual({ name: '__Host-session', secure: true });
    expect(sessionCookieFor('http://localhost:3000')).toEqual({ name: 'session', secure: false });
  });

  it('reads one cookie from a Cookie header, the first occurrence winning', () => {
    expect(readCookie('a=1; session=abc; b=2', 'session')).toBe('abc');
    expect(readCookie('xsession=no; session=yes', 'session')).toBe('yes');
    expect(readCookie('session=first; session=second', 'session')).toBe('first');
    expect(readCookie('session="quoted"', 'session')).toBe('quoted');
    expect(readCookie('garbage; other=1', 'session')).toBeUndefined();
    expect(readCookie(undefined, 'session')).toBeUndefined();
  });
});

describe('auth schemas', () => {
  it('login: valid email, password of 6 to 256 characters, rememberMe false by default', () => {
    expect(AdminLoginSchema.parse({ email: ' admin@agence.cd ', password: '123456' })).toEqual({
      email: 'admin@agence.cd',
      password: '123456',
      rememberMe: false,
    });
    const bad = AdminLoginSchema.safeParse({ email: 'x', password: '12345', rememberMe: 'oui' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Email invalide'],
      ['password', 'Le mot de passe doit contenir au moins 6 caractères'],
      ['rememberMe', expect.any(String)],
    ]);
    expect(AdminLoginSchema.safeParse({ email: 'a@b.cd', password: 'x'.repeat(257) }).success).toBe(false);
  });

  it('password change: confirmation must match, new must differ from current', () => {
    const mismatch = PasswordChangeSchema.safeParse({
      currentPassword: 'ancien-mdp',
      newPassword: 'nouveau-mdp',
      confirmPassword: 'autre-mdp',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Les mots de passe ne correspondent pas'],
    ]);
    const short = PasswordChangeSchema.safeParse({
      currentPassword: '1',
      newPassword: '2',
      confirmPassword: '3',
    });
    expect(new Set(short.error?.issues.map((i) => i.path.join('.')))).toEqual(
      new Set(['currentPassword', 'newPassword', 'confirmPassword']),
    );
    expect(
      PasswordChangeSchema.safeParse({
        currentPassword: 'ancien-mdp',
        newPassword: 'nouveau',
        confirmPassword: 'nouveau',
      }).success,
    ).toBe(true);
  });
});
