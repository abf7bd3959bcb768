/**
 * Downloads from addresses the owner did not write themselves (a Shopify file's picture column)
 * reach the public internet only (docs/architecture.md#security "Outbound downloads"): the shop's
 * server must not be made to fetch from its own network, such as the database, Redis, an admin
 * port on 127.0.0.1 or a cloud metadata address (169.254.169.254), and hand the answer back as a
 * picture (server-side request forgery). Only http and https; every address a host name resolves
 * to is checked when the connection is made (so a DNS answer changed after a first check does not
 * slip through), and redirects are followed by hand, each hop checked again.
 *
 * `IMPORT_PRIVATE_HOSTS` (config) names hosts on a private network the owner trusts anyway (a
 * picture server in the office); the browser tests name 127.0.0.1 for their local picture server.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch, type Response } from 'undici';

/** Most redirects followed before giving up. */
export const MAX_REDIRECTS = 5;

/** Why an address may not be fetched, in words for the owner. */
export class PrivateAddressError extends Error {}

/** True when `ip` is a public unicast address (not loopback, private, link-local, unique-local, CGNAT, multicast, …). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let parsed = ipaddr.parse(ip);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const refusal = (host: string) => new PrivateAddressError(`${host} is on a private network, which the shop does not download from`);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for undici's connector that refuses a host any of whose addresses is not public. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return callback(refusal(hostname), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/** The connection pool of downloads that must stay on the public internet (its DNS answers checked). */
const publicAgent = new Agent({ connect: { lookup: publicLookup } });
/** The pool for the hosts the owner trusts (IMPORT_PRIVATE_HOSTS). */
const trustedAgent = new Agent();

/**
 * GETs `url`, following up to MAX_REDIRECTS redirects, each hop on the public internet unless its
 * host is one of `privateHosts` (lower case; IP literals as written). Resolves with the final
 * answer (any status). Throws PrivateAddressError for another scheme, a private address or too many
 * redirects; a network error or abort as fetch does.
 */
export async function fetchPublic(
  url: string,
  init: { signal: AbortSignal; headers?: Record<string, string>; privateHosts?: readonly string[] },
): Promise<Response> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new PrivateAddressError(`${current.protocol.replace(':', '')} addresses are not downloaded, only http and https`);
    const host = current.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const trusted = init.privateHosts?.includes(host) ?? false;
    // An address written as an IP skips DNS, so it is checked here.
    if (!trusted && isIP(host) && !isPublicAddress(host)) throw refusal(host);
    const response = await fetch(current, {
      signal: init.signal,
      headers: init.headers,
      redirect: 'manual',
      dispatcher: trusted ? trustedAgent : publicAgent,
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new PrivateAddressError(`more than ${MAX_REDIRECTS} redirects`);
    current = new URL(location, current);
  }
}
