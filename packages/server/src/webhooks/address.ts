// The SSRF guard: a webhook URL is an admin's choice, but the request leaves from inside our
// network, so it must never reach our own services (loopback, the private LAN, the cloud metadata
// address at 169.254.169.254 …). The host is resolved and every address it has is checked; the
// request then connects to the address that was checked (send.ts), so a DNS answer that changes
// between the check and the connection (rebinding) cannot redirect it.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Why a target was refused: `url` (not an http(s) URL we accept), `address` (a private address), `dns` (no address). */
export class TargetError extends Error {
  override readonly name = 'TargetError';
  readonly code: 'url' | 'address' | 'dns';
  constructor(code: TargetError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

// Special-purpose ranges of the IANA registries: none is a public server on the internet.
const V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
// An IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) address is checked as the IPv4
// address it carries (canonicalAddress); whatever else is left in ::/8 is reserved, never a public
// server: the unspecified and loopback addresses, and the IPv4-translated ::ffff:0:a.b.c.d
// (RFC 2765), which some stacks route to the IPv4 address it carries. 2001::/23 is the IETF protocol
// assignments block whole (Teredo, benchmarking 2001:2::/48, ORCHID 2001:10::/28 and 2001:20::/28,
// AMT, AS112, drone IDs …): anycast services and test ranges, none a company's webhook receiver.
const V6 = [
  '::/8',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '100:0:0:1::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  '3fff::/20',
  '5f00::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

// One list per family: node's BlockList also matches an IPv4 address against IPv6 ranges (as
// ::ffff:a.b.c.d), which ::/8 would then refuse whatever the address.
const blocked = { ipv4: rangeList(V4), ipv6: rangeList(V6) };

/** A BlockList of CIDR ranges (TRUST_PROXY's too: http/proxy.ts); throws on a part that is not one. */
export function rangeList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, bits] = cidr.split('/') as [string, string];
    const family = isIP(network);
    if (!family) throw new Error(`Not a CIDR range: ${cidr}`);
    list.addSubnet(network, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail, if any, folded in). */
function groups(address: string): number[] {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const middle = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/** An address as checked: IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible IPv6 addresses become the IPv4 address they carry. */
export function canonicalAddress(raw: string): { address: string; family: 4 | 6 } {
  const address = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return { address, family: 4 };
  if (family !== 6) throw new TargetError('address', `${raw} is not an IP address.`);
  const g = groups(address.toLowerCase());
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || (g[5] === 0 && (g[6] ?? 0) !== 0))) {
    return { address: [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.'), family: 4 };
  }
  return { address, family: 6 };
}

/** Which private addresses are allowed anyway: WEBHOOK_ALLOW_PRIVATE (config.webhooks.allowPrivate). */
export type AllowPrivate = 'all' | readonly string[];

const allowLists = new WeakMap<readonly string[], BlockList>();

/** Whether a request may go to `raw` (an IP address). */
export function addressAllowed(raw: string, allow: AllowPrivate): boolean {
  if (allow === 'all') return true;
  const { address, family } = canonicalAddress(raw);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (!blocked[type].check(address, type)) return true;
  if (!allow.length) return false;
  let list = allowLists.get(allow);
  if (!list) allowLists.set(allow, (list = rangeList(allow)));
  return list.check(address, type);
}

/** Checks a webhook URL's form: http or https, a host, no user name or password, at most 2,000 characters. */
export function parseWebhookUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || !raw.trim() || raw.length > 2000)
    throw new TargetError('url', 'The URL must be an http or https address of at most 2,000 characters.');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new TargetError('url', 'The URL must be an http or https address of at most 2,000 characters.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetError('url', 'Only http and https URLs can receive webhooks.');
  if (url.username || url.password)
    throw new TargetError('url', 'Put no user name or password in the URL; the signature authenticates each request.');
  if (!url.hostname) throw new TargetError('url', 'The URL has no host.');
  return url;
}

/** Resolves a name to its addresses (node:dns by default; tests may pass their own). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The address to connect to for `url`: its IP literal, or the first address its host resolves to.
 * Refused (TargetError `address`) when any of the host's addresses is not allowed, so a name that
 * mixes a public and a private address cannot be used to reach the private one.
 */
export async function resolveTarget(
  url: URL,
  allow: AllowPrivate,
  resolve: Resolver = systemResolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new TargetError('dns', `The host ${host} has no address.`);
  }
  for (const { address } of addresses) {
    if (!addressAllowed(address, allow))
      throw new TargetError(
        'address',
        `${host} is a private, loopback or reserved address (${address}); webhooks go only to public servers.`,
      );
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
