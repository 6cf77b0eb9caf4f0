/**
 * Which addresses the server may post the staff's notifications to (docs/decisions/080-staff-push.md):
 * a device's endpoint is chosen by a browser, so it is checked as the request will use it.
 *
 * - **Its form.** Only `https://host[:port]/path` with the host written as a browser serialises
 *   it (lowercase letters, digits, hyphens and dots, no trailing dot, no userinfo, no
 *   percent-encoding, no backslash anywhere), and the two URL parsers on the way (WHATWG `URL`
 *   here, Node's legacy `url.parse` inside `web-push`) must read the same protocol, host and
 *   port: `https://127.0.0.1;.fcm.googleapis.com/` is one host to one and another to the other.
 * - **Its host.** One of PUSH_SERVICE_HOSTS or a subdomain of one.
 * - **Where the host leads.** Every address its name resolves to must be public (not loopback,
 *   private, link-local, unique-local, shared, reserved, multicast...), IPv4 and IPv6 alike,
 *   IPv4-mapped IPv6 included, unless PUSH_ALLOW_PRIVATE_ADDRESSES is set (tests). Checked when a
 *   device subscribes and again before each send; and the worker's connections resolve names
 *   through `publicOnlyLookup`, so the address connected to is the address checked (no DNS
 *   rebinding between the check and the connection).
 */
import dns, { type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import nodeUrl from 'node:url';
import type { Env } from '../env.ts';

export type PushEndpointPolicy = {
  /** PUSH_SERVICE_HOSTS: allowed push service hosts, each with its subdomains. */
  hosts: readonly string[];
  /** PUSH_ALLOW_PRIVATE_ADDRESSES: a push service on a private address (a test's, on loopback). */
  allowPrivateAddresses: boolean;
};

/** Every address a host name resolves to (dns.lookup with `all`), injectable in tests. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const pushEndpointPolicy = (
  env: Pick<Env, 'PUSH_SERVICE_HOSTS' | 'PUSH_ALLOW_PRIVATE_ADDRESSES'>,
): PushEndpointPolicy => ({
  hosts: env.PUSH_SERVICE_HOSTS,
  allowPrivateAddresses: env.PUSH_ALLOW_PRIVATE_ADDRESSES,
});

/**
 * Node's legacy URL object: its parse() is url.parse() (what web-push sends with) without the
 * deprecation warning url.parse() prints on stderr, a line outside the JSON log. Not in Node's
 * type definitions as a value.
 */
type LegacyUrl = {
  parse(url: string): void;
  protocol: string | null;
  hostname: string | null;
  port: string | null;
  auth: string | null;
};
const LegacyUrl = (nodeUrl as unknown as { Url: new () => LegacyUrl }).Url;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name as URL serialises it: lowercase labels, no trailing dot. */
export const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
/**
 * The whole endpoint: scheme, host, an optional port without leading zero, then a path of visible
 * ASCII characters other than the backslash (which WHATWG reads as a slash and url.parse does not).
 */
const ENDPOINT = new RegExp(`^https://(${LABEL}(?:\\.${LABEL})*)(?::([1-9][0-9]{0,4}))?(/[!-[\\]-~]*)?$`);

/** The host of the endpoint, when its form is sound and both parsers agree on it; else null. */
function agreedHost(endpoint: string): string | null {
  const match = ENDPOINT.exec(endpoint);
  if (!match) return null;
  const host = match[1] as string;
  const port = match[2] ?? '';
  let whatwg: URL;
  const legacy = new LegacyUrl();
  try {
    whatwg = new URL(endpoint);
    legacy.parse(endpoint);
  } catch {
    return null;
  }
  const agree =
    whatwg.protocol === 'https:' &&
    legacy.protocol === 'https:' &&
    whatwg.hostname === host &&
    legacy.hostname === host &&
    whatwg.port === port &&
    (legacy.port ?? '') === port &&
    whatwg.username === '' &&
    whatwg.password === '' &&
    legacy.auth === null;
  return agree ? host : null;
}

/**
 * The endpoint's host when it is one of the allowed push services, read the same way by every
 * parser on the way (see above); null otherwise. Its addresses are checked by `checkPushEndpoint`.
 */
export function allowedPushServiceHost(endpoint: string, hosts: readonly string[]): string | null {
  const host = agreedHost(endpoint);
  if (!host) return null;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? host : null;
}

/** Whether the endpoint is an allowed push service's, by its form and host (no DNS). */
export function isAllowedPushService(endpoint: string, hosts: readonly string[]): boolean {
  return allowedPushServiceHost(endpoint, hosts) !== null;
}

// IPv4 ranges that are not the public Internet (IANA special-purpose registry).
const privateIPv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services among them)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  privateIPv4.addSubnet(network, prefix, 'ipv4');
}
// IPv6: only global unicast (2000::/3) can be public, minus its special-purpose blocks.
const globalIPv6 = new BlockList();
globalIPv6.addSubnet('2000::', 3, 'ipv6');
const specialIPv6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside, which could be a private one
  ['3fff::', 20], // documentation
] as const) {
  specialIPv6.addSubnet(network, prefix, 'ipv6');
}
const MAPPED_IPV4 = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/** Whether an address (as DNS answers it or as written in a URL) is on the public Internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !privateIPv4.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return isPublicAddress(mapped[1] as string);
  // Loopback, unspecified, mapped in hex form, NAT64, unique-local (fc00::/7), link-local
  // (fe80::/10), multicast (ff00::/8)... are all outside 2000::/3.
  return globalIPv6.check(address, 'ipv6') && !specialIPv6.check(address, 'ipv6');
}

export const systemResolver: HostResolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Why an endpoint is refused; `unresolved` is a DNS failure, worth trying again later. */
export type EndpointRefusal = 'not_allowed' | 'private_address' | 'unresolved';

/** Checks an endpoint's form, host and addresses: null when the server may post to it. */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
  resolve: HostResolver = systemResolver,
): Promise<EndpointRefusal | null> {
  const host = allowedPushServiceHost(endpoint, policy.hosts);
  if (!host) return 'not_allowed';
  if (policy.allowPrivateAddresses) return null;
  if (isIP(host)) return isPublicAddress(host) ? null : 'private_address';
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every((a) => isPublicAddress(a.address)) ? null : 'private_address';
}

/**
 * A `lookup` for the push worker's connections (net.connect's option, through its https.Agent):
 * the name is resolved once, here, and the connection goes to one of these addresses, refused
 * when any of them is not public (unless the policy allows private addresses).
 */
export function publicOnlyLookup(policy: PushEndpointPolicy, resolve: HostResolver = systemResolver) {
  const lookup = (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((a) => !options.family || a.family === options.family);
        const first = addresses[0];
        if (!first) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
          return;
        }
        if (!policy.allowPrivateAddresses && !addresses.every((a) => isPublicAddress(a.address))) {
          const refused = new Error('push service host resolves to a non-public address');
          callback(Object.assign(refused, { code: 'ENOTPUBLIC' }), []);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
  return lookup as unknown as LookupFunction;
}
