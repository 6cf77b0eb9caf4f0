/**
 * Secrets the application makes for itself (table app_secrets) when the environment gives none:
 * the key that signs tracking links must outlive restarts (an email opened months later still
 * carries its links) and be the same on every instance. The first instance to need one writes it
 * with ON CONFLICT DO NOTHING and everyone reads back the row that won, so two instances starting
 * together agree on one value. Each process keeps it in memory afterwards.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { appSecrets } from '#db/schema.ts';

/**
 * 'totp' encrypts the authenticator apps' secrets (docs/decisions/079-second-factor.md); 'vapid' is
 * the key pair that signs push messages (docs/decisions/080-staff-push.md).
 */
export type AppSecretKey = 'tracking' | 'preview' | 'call' | 'totp' | 'vapid';

const SECRET_BYTES = 32;

/**
 * Per database handle (tests open several in one process), per key: the promise of the value, so
 * concurrent first calls share one read. A failed read is forgotten and retried next time.
 */
const cache = new WeakMap<object, Map<AppSecretKey, Promise<string>>>();

/**
 * The secret named `key`: `fromEnv` when the operator set one (TRACKING_SECRET for 'tracking'),
 * else the stored one, generated (32 random bytes, base64url) on first use.
 */
export function appSecret(db: Database, key: AppSecretKey, fromEnv?: string): Promise<string> {
  if (fromEnv) return Promise.resolve(fromEnv);
  return storedAppSecret(db, key);
}

const randomSecret = () => randomBytes(SECRET_BYTES).toString('base64url');

/**
 * The secret kept in app_secrets, whatever the environment says (see `appSecret`); `generate`
 * makes its first value (32 random bytes by default; a key pair for 'vapid').
 */
export function storedAppSecret(
  db: Database,
  key: AppSecretKey,
  generate: () => string = randomSecret,
): Promise<string> {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  const known = byKey.get(key);
  if (known) return known;
  const loading = readOrCreate(db, key, generate);
  byKey.set(key, loading);
  loading.catch(() => byKey.delete(key));
  return loading;
}

async function readOrCreate(db: Database, key: AppSecretKey, generate: () => string): Promise<string> {
  const existing = await read(db, key);
  if (existing) return existing;
  await db
    .insert(appSecrets)
    .values({ key, value: generate() })
    .onConflictDoNothing({ target: appSecrets.key });
  // Read back rather than trust our own value: another instance may have won the insert.
  const stored = await read(db, key);
  if (!stored) throw new Error(`app secret ${key} could not be stored`);
  return stored;
}

async function read(db: Database, key: AppSecretKey): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.key, key))
    .limit(1);
  return row?.value;
}
