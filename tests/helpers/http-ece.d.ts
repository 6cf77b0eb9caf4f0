/** The few calls of `http_ece` (Encrypted Content-Encoding, RFC 8188) the push tests make. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export type DecryptParams = {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (the browser's, RFC 8291). */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret: string;
  };

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
