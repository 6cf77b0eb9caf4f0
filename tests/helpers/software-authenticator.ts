/**
 * A passkey authenticator in software, for the server's WebAuthn tests
 * (docs/decisions/079-second-factor.md): an ES256 key pair from node's crypto, a registration
 * answer with attestation 'none' and sign-in answers signed like a real authenticator's, built from
 * the options the server sent. The browser's own ceremony is covered by the Playwright spec, with
 * Chromium's virtual authenticator.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

export function softwareAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  const coseKey = () =>
    isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );

  function authenticatorData(rpId: string, flags: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags | (attested ? FLAG_ATTESTED : 0)]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), length, credentialId, Buffer.from(coseKey()));
    }
    return Buffer.concat(parts);
  }

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),

    /** The answer to registration options: a new credential, attestation 'none'. */
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      rpId = options.rp.id ?? '',
    ): RegistrationResponseJSON {
      userHandle = options.user.id;
      const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, true);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** The answer to sign-in options, signed with the key; `origin` and flags may be forged. */
    assert(
      options: PublicKeyCredentialRequestOptionsJSON,
      forge: { userVerified?: boolean; origin?: string; rpId?: string } = {},
    ): AuthenticationResponseJSON {
      counter += 1;
      const flags = FLAG_USER_PRESENT | (forge.userVerified === false ? 0 : FLAG_USER_VERIFIED);
      const authData = authenticatorData(forge.rpId ?? options.rpId ?? '', flags, false);
      const clientDataJSON = forge.origin
        ? Buffer.from(
            JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: forge.origin }),
          )
        : clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
