/**
 * An address cut to its network, for what a person is shown of where they signed in (issue 44):
 * IPv4 to its /24 (203.0.113.0/24), IPv6 to its /48 (2001:db8:1::/48), an IPv4 address written as
 * IPv6 (::ffff:203.0.113.7) as IPv4. Enough to tell 'my office' from 'somewhere else', never the
 * whole address. '' for anything that is not an address.
 */
import net from 'node:net';

/** The longest User-Agent kept for a session. */
export const USER_AGENT_MAX = 400;

/** The eight 16-bit groups of an IPv6 address (compressed `::` expanded), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** An IPv4 address written as IPv6 (::ffff:203.0.113.7) as the IPv4 address it is; any other as it came. */
export function unmappedIPv4(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

export function networkOf(address: string | undefined): string {
  if (!address) return '';
  const ip = unmappedIPv4(address);
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  // Zone ids (fe80::1%eth0) name this machine's interface, not a network.
  const bare = ip.replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return '';
  const groups = ipv6Groups(bare);
  if (!groups) return '';
  // The first three groups, written short: 2001:db8:0 as 2001:db8::/48.
  const prefix = groups.slice(0, 3).map((g) => g.toString(16));
  while (prefix.length > 1 && prefix.at(-1) === '0') prefix.pop();
  return `${prefix.join(':')}::/48`;
}
