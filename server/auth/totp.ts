/**
 * The authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds, SHA-1, what every app reads from a
 * QR code), docs/decisions/079-second-factor.md. The secret is stored encrypted with AES-256-GCM
 * under a key kept in app_secrets, and is shown once, at setup. A code is accepted one step
 * before or after the server's clock (phones drift), and never twice: the step of the last code
 * accepted is stored, and a code must come after it, in one conditional update.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '#db/client.ts';
import { adminTotp, siteSettings } from '#db/schema.ts';
import { storedAppSecret } from '../security/secrets.ts';

const PERIOD_SECONDS = 30;
const IV_BYTES = 12;

async function key(db: Database): Promise<Buffer> {
  return Buffer.from(await storedAppSecret(db, 'totp'), 'base64url');
}

export async function encryptSecret(db: Database, secret: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await key(db), iv);
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), encrypted]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export async function decryptSecret(db: Database, stored: string): Promise<string> {
  const [version, iv, tag, encrypted] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || encrypted === undefined)
    throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', await key(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** What the setup screen shows once: the secret as text, its otpauth:// address and its QR code. */
export type TotpSetup = { secret: string; otpauthUrl: string; qrSvg: string };

/**
 * A new secret for `userId`, replacing one that was never confirmed (an abandoned setup). The
 * caller refuses when an app is already confirmed.
 */
export async function startTotpSetup(
  db: Database,
  user: { id: string; email: string },
  now: Date,
): Promise<TotpSetup> {
  const secret = generateSecret();
  const secretEncrypted = await encryptSecret(db, secret);
  await db
    .insert(adminTotp)
    .values({ userId: user.id, secretEncrypted, createdAt: now })
    .onConflictDoUpdate({
      target: adminTotp.userId,
      set: { secretEncrypted, createdAt: now, lastUsedStep: null },
      setWhere: isNull(adminTotp.confirmedAt),
    });
  const [site] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'site.name'));
  const otpauthUrl = generateURI({ issuer: site?.value || 'Lisanga Digital', label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

type TotpRow = typeof adminTotp.$inferSelect;

export async function totpOf(db: Database, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.userId, userId));
  return row;
}

/**
 * Whether `code` is the app's code at `now` (one step of drift either way) and comes after the
 * last one accepted; an accepted code's step is stored in the same conditional update, so two
 * requests racing with one code get one success.
 */
export async function acceptTotpCode(db: Database, row: TotpRow, code: string, now: Date): Promise<boolean> {
  const secret = await decryptSecret(db, row.secretEncrypted);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(row.lastUsedStep === null ? {} : { afterTimeStep: row.lastUsedStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const claimed = await db
    .update(adminTotp)
    .set({ lastUsedStep: result.timeStep })
    .where(
      and(
        eq(adminTotp.userId, row.userId),
        or(isNull(adminTotp.lastUsedStep), lt(adminTotp.lastUsedStep, result.timeStep)),
      ),
    )
    .returning({ userId: adminTotp.userId });
  return claimed.length === 1;
}
