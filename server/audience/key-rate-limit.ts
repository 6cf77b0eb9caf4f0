/**
 * The beacons' rate limit: at most `limit` per visitor key and clock minute, counted in this
 * process's memory. Unlike the forms' limits (server/security/rate-limit.ts), it is not shared
 * between instances: a database counter would cost a write per beacon, the very load the group
 * commit saves. With N processes a visitor gets at most N × limit a minute, which still stops a
 * script from flooding the counts. Memory holds the current minute's keys only.
 */
export function createKeyRateLimit(limit: number) {
  let minute = -1;
  let counts = new Map<string, number>();
  return {
    /** Counts one beacon of `key` at `now`: whether it is allowed, and when to retry if not. */
    hit(key: string, now: Date): { allowed: boolean; retryAfterSeconds: number } {
      const current = Math.floor(now.getTime() / 60_000);
      if (current !== minute) {
        minute = current;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      const retryAfterSeconds = Math.max(1, Math.ceil(((current + 1) * 60_000 - now.getTime()) / 1000));
      return { allowed: count <= limit, retryAfterSeconds };
    },
  };
}
