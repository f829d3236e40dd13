/**
 * Where a webhook may go (issue 44, item 5): an https: address whose host resolves to public
 * addresses only, never loopback, private, link-local, shared (CGNAT), multicast or reserved
 * networks, so an administrator's endpoint cannot make the server call into its own network. Checked
 * when an endpoint is saved and again at each delivery, at connect time (the address checked is
 * the address connected to: a DNS answer that changes in between, a rebinding, changes nothing).
 * WEBHOOKS_ALLOW_PRIVATE=true lifts both rules (tests, an intranet).
 */
import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_TEXT } from '@agro/shared';
import { unmappedIPv4 } from '../../lib/networks.js';

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook must not reach (an IPv4 address written as IPv6 is judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const ip = unmappedIPv4(address);
  if (net.isIPv4(ip)) return blocked.check(ip, 'ipv4');
  if (net.isIPv6(ip)) return blocked.check(ip, 'ipv6');
  return true;
}

export class WebhookAddressError extends Error {}

/** The message refusing `url` as a webhook's address now (DNS asked), or undefined when it may be used. */
export async function refusalOf(url: string, allowPrivate: boolean): Promise<string | undefined> {
  const parsed = new URL(url);
  if (allowPrivate) return undefined;
  if (parsed.protocol !== 'https:') return WEBHOOK_TEXT.httpsOnly;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return WEBHOOK_TEXT.unresolvable;
  }
  if (addresses.length === 0) return WEBHOOK_TEXT.unresolvable;
  return addresses.some(isPrivateAddress) ? WEBHOOK_TEXT.privateAddress : undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses private addresses (every address the name resolves
 * to, so the connection can only go to a checked one). Node asks with `all` when it tries several
 * addresses (autoSelectFamily).
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses;
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new WebhookAddressError(WEBHOOK_TEXT.privateAddress), { code: 'EPRIVATE' }), []);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}
