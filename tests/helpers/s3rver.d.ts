/** The few calls of `@20minutes/s3rver` (a local S3 server) the media tests make. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    /** 0: a free port. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' files are kept. */
    directory?: string;
    /** Accept a request whose signature s3rver computes differently (its access key must still exist). */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
