import type { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import { canonicalAddress, rangeList } from '../webhooks/address.ts';

const lists = new WeakMap<readonly string[], BlockList>();

/** Whether `address` (a connection's peer or an X-Forwarded-For entry) is one of the proxies of TRUST_PROXY. */
export function isTrustedProxy(address: string | undefined, trusted: readonly string[]): boolean {
  if (!address || !trusted.length) return false;
  let list = lists.get(trusted);
  if (!list) lists.set(trusted, (list = rangeList(trusted)));
  try {
    const canonical = canonicalAddress(address);
    return list.check(canonical.address, canonical.family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    // Not an IP address (an X-Forwarded-For entry such as `unknown`): no proxy of ours.
    return false;
  }
}

/**
 * The client's address (docs/operators/production.md#behind-a-reverse-proxy): the connection's peer,
 * unless that peer is one of the proxies of TRUST_PROXY; then X-Forwarded-For read from the right,
 * where each proxy appended the address it saw, up to the first entry that is not one of ours (what a
 * client wrote itself lies further left and is never believed). Every entry one of ours: the leftmost.
 */
export function clientAddress(req: IncomingMessage, trusted: readonly string[]): string {
  const peer = req.socket.remoteAddress || 'unknown';
  if (!isTrustedProxy(peer, trusted)) return peer;
  const hops = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.findLast((hop) => !isTrustedProxy(hop, trusted)) ?? hops[0] ?? peer;
}

/** A forwarded header's first value (X-Forwarded-Proto, X-Forwarded-Host), only on a connection from one of our proxies. */
export function forwardedHeader(req: IncomingMessage, name: string, trusted: readonly string[]): string {
  if (!isTrustedProxy(req.socket.remoteAddress, trusted)) return '';
  return String(req.headers[name] ?? '')
    .split(',')[0]!
    .trim();
}
