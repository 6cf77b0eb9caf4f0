/**
 * A device's Web Push subscription as its browser makes it (PushManager: a P-256 key pair and an
 * auth secret), and what it reads from a message the push service hands it (RFC 8291). No
 * database or server import: the Playwright specs use it as well as the Vitest tests.
 */
import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';

/** A device's subscription as its browser makes it: the push service's address, its keys. */
export function aPushDevice(endpoint: string) {
  const key = createECDH('prime256v1');
  key.generateKeys();
  const authSecret = randomBytes(16);
  return {
    key,
    authSecret,
    subscription: {
      endpoint,
      keys: { p256dh: key.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
  };
}

/** A pushed message's body decrypted with the device's keys, as its browser would (RFC 8291). */
export function decryptPush(body: Buffer, device: ReturnType<typeof aPushDevice>): string {
  return ece
    .decrypt(body, {
      version: 'aes128gcm',
      privateKey: device.key,
      authSecret: device.authSecret.toString('base64url'),
    })
    .toString('utf8');
}
