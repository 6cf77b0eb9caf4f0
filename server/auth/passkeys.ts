/**
 * Passkeys (WebAuthn, through @simplewebauthn/server), docs/decisions/079-second-factor.md. The
 * relying party is the site's public address: its host name is the rpID, its origin the only one
 * accepted. Each ceremony's challenge is stored in the database (any instance may receive the
 * answer), lives five minutes, is bound to what asked for it (the session adding a key, the
 * pending sign-in, or nothing for a sign-in without password) and is deleted by the answer that
 * uses it, whether that answer is right or not.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { asc, eq, lt } from 'drizzle-orm';
import type { PasskeySummary } from '#common/schemas/second-factor.ts';
import type { Database } from '#db/client.ts';
import { adminPasskeys, webauthnChallenges } from '#db/schema.ts';

const CHALLENGE_LIFETIME = 5 * 60_000;
/** What the browser gives the person to answer: below the challenge's own lifetime. */
const CEREMONY_TIMEOUT = 120_000;

/** A sign-in answer as validated by PasskeyAssertionSchema (common/schemas/second-factor.ts). */
export type PasskeyResponse = AuthenticationResponseJSON;
/** A registration answer as validated by PasskeyRegistrationSchema. */
export type PasskeyRegistrationResponse = RegistrationResponseJSON;

export type RelyingParty = { rpID: string; origin: string; rpName: string };

export function relyingPartyFor(
  publicUrl: string,
  rpName = 'Lisanga Digital — Administration',
): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName };
}

type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];
type Binding = { userId?: string; sessionId?: string; pendingLoginId?: string };

async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  binding: Binding,
  now: Date,
) {
  // Old challenges nobody answered go as new ones come.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    pendingLoginId: binding.pendingLoginId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME),
  });
}

/** The challenge the browser signed, read from the answer's clientDataJSON. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the answered challenge, whoever answers it, then says whether it was live and of this
 * purpose and binding: a challenge is spent by its first answer, right or wrong.
 */
async function consumeChallenge(
  db: Database,
  clientDataJSON: string,
  purpose: Purpose,
  binding: Binding,
  now: Date,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.challenge, challenge))
    .returning();
  const matches =
    row !== undefined &&
    row.purpose === purpose &&
    row.expiresAt.getTime() > now.getTime() &&
    row.userId === (binding.userId ?? null) &&
    row.sessionId === (binding.sessionId ?? null) &&
    row.pendingLoginId === (binding.pendingLoginId ?? null);
  return matches ? challenge : null;
}

export const presentPasskey = (row: typeof adminPasskeys.$inferSelect): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export function passkeysOf(db: Database, userId: string) {
  return db
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId))
    .orderBy(asc(adminPasskeys.createdAt), asc(adminPasskeys.id));
}

// ---- registration ---------------------------------------------------------------------------

/**
 * Options to create a passkey for the signed-in admin. A discoverable credential is asked for (a
 * sign-in without typing the email) with user verification preferred; the admin's existing keys
 * are excluded so one authenticator is not registered twice.
 */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  user: { id: string; email: string; firstName: string; lastName: string },
  sessionId: string,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', { userId: user.id, sessionId }, now);
  return options;
}

/** Verifies a new passkey's answer and stores it; null when the answer is not valid. */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  userId: string,
  sessionId: string,
  input: { name: string; response: RegistrationResponseJSON },
  now: Date,
) {
  const challenge = await consumeChallenge(
    db,
    input.response.response.clientDataJSON,
    'register',
    { userId, sessionId },
    now,
  );
  if (!challenge) return null;
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  const { credential } = verification.registrationInfo;
  const [row] = await db
    .insert(adminPasskeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? input.response.response.transports ?? [],
      name: input.name,
      createdAt: now,
    })
    .onConflictDoNothing({ target: adminPasskeys.credentialId })
    .returning();
  return row ?? null;
}

// ---- authentication -------------------------------------------------------------------------

/**
 * Options to sign in with a passkey: the pending admin's keys as the second step, or any key of
 * the site (discoverable, user verification required: the passkey then replaces the password and
 * the second factor at once).
 */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  step: { pendingLoginId: string; userId: string } | null,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = step ? await passkeysOf(db, step.userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: CEREMONY_TIMEOUT,
    userVerification: step ? 'preferred' : 'required',
    ...(step
      ? { allowCredentials: keys.map((p) => ({ id: p.credentialId, transports: p.transports })) }
      : {}),
  });
  await storeChallenge(
    db,
    options.challenge,
    step ? 'second_factor' : 'sign_in',
    step ? { userId: step.userId, pendingLoginId: step.pendingLoginId } : {},
    now,
  );
  return options;
}

/** The passkey an answer names, whoever owns it (to count a failure against its account). */
export async function passkeyByCredential(db: Database, credentialId: string) {
  const [row] = await db.select().from(adminPasskeys).where(eq(adminPasskeys.credentialId, credentialId));
  return row;
}

/**
 * Verifies a sign-in answer against the stored key it names (which must belong to the pending
 * admin for a second step) and records the new counter and the time of use. Null when anything
 * is wrong: unknown or foreign key, spent or expired challenge, bad signature, a counter that went
 * backwards (a cloned authenticator), or no user verification for a sign-in without password.
 */
export async function verifyPasskeyAssertion(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  step: { pendingLoginId: string; userId: string } | null,
  now: Date,
): Promise<{ userId: string; passkeyId: string } | null> {
  const challenge = await consumeChallenge(
    db,
    response.response.clientDataJSON,
    step ? 'second_factor' : 'sign_in',
    step ? { userId: step.userId, pendingLoginId: step.pendingLoginId } : {},
    now,
  );
  if (!challenge) return null;
  const passkey = await passkeyByCredential(db, response.id);
  if (!passkey || (step && passkey.userId !== step.userId)) return null;
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: step === null,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  await db
    .update(adminPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(adminPasskeys.id, passkey.id));
  return { userId: passkey.userId, passkeyId: passkey.id };
}
