// TRUST_PROXY (docs/operators/production.md#behind-a-reverse-proxy): X-Forwarded-For names the
// client only on a connection from a configured proxy. Seen through the write limit (RATE_LIMIT=2
// a window), which counts the client the API believes. Over real TCP: 127.0.0.2 is the proxy,
// 127.0.0.3 someone reaching the API directly (Linux routes all of 127/8 to loopback).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '2', RATE_LIMIT_WINDOW: '60', TRUST_PROXY: '127.0.0.2' });
});
afterAll(() => local.close());

/** POSTs a contact from `from` with `forwardedFor` as X-Forwarded-For; the status. */
function send(from: string, forwardedFor: string): Promise<number> {
  const { port } = new URL(local.base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/contact',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(VALID.contact));
  });
}

describe('X-Forwarded-For', () => {
  it('is ignored on a connection from an address that is no proxy of ours: the peer is the client', async () => {
    expect([
      await send('127.0.0.3', '198.51.100.1'),
      await send('127.0.0.3', '198.51.100.2'),
      await send('127.0.0.3', '198.51.100.3'),
    ]).toEqual([201, 201, 429]);
  });

  it("names the client on the proxy's connections: the last entry that is not a proxy, never what the client wrote further left", async () => {
    expect([await send('127.0.0.2', '198.51.100.1'), await send('127.0.0.2', '198.51.100.2')]).toEqual([201, 201]);
    // A client wrote 203.0.113.7 itself; the proxy appended the address it saw, 198.51.100.4.
    expect([
      await send('127.0.0.2', '203.0.113.7, 198.51.100.4'),
      await send('127.0.0.2', '203.0.113.8, 198.51.100.4'),
      await send('127.0.0.2', '198.51.100.4'),
    ]).toEqual([201, 201, 429]);
    // Through two proxies of ours (127.0.0.2 appended by the first): the client is the entry before them.
    expect([
      await send('127.0.0.2', '198.51.100.5, 127.0.0.2'),
      await send('127.0.0.2', '198.51.100.5, 127.0.0.2'),
      await send('127.0.0.2', '198.51.100.5'),
    ]).toEqual([201, 201, 429]);
    // The direct caller of the first test is still limited, whatever it forwards.
    expect(await send('127.0.0.3', '198.51.100.9')).toBe(429);
  });
});
