// The per-IP rate limit (429 with Retry-After) and CORS: every site heard, the console's API never.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, postJson, startLocalApi, type LocalApi } from './support/api.ts';

const PARTNER_SITE = 'https://proveedor.example';
let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({
    RATE_LIMIT: '3',
    RATE_LIMIT_READS: '5',
    RATE_LIMIT_WINDOW: '60',
    APPROVED_ORIGINS: `${PARTNER_SITE}, https://otro.example/`,
  });
});
afterAll(() => local.close());

describe('rate limit', () => {
  it('answers 429 with Retry-After past RATE_LIMIT writes per window, and stores nothing more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await postJson(`${local.base}/api/contact`, VALID.contact)).status);
    expect(statuses).toEqual([201, 201, 201]);
    const limited = await postJson(`${local.base}/api/partner`, VALID.partner);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { errorMessage: string }).errorMessage).toMatch(/Demasiadas solicitudes/);
    expect(await local.rows('partner')).toHaveLength(0);
  });

  it('counts reads apart from writes, and never limits the health check', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await fetch(`${local.base}/api/location?query=lima`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await fetch(`${local.base}/api/health`)).status).toBe(200);
  });
});

describe('CORS', () => {
  // Widgets are embedded on sites that are not approved yet too: every site is heard, and whether
  // it is approved decides what its leads count for (tests/server/sites.test.ts).
  // The writes of this file's first test used up the window, so a POST here is answered 429.
  it('any site gets Access-Control-Allow-Origin: * on the answer, errors included', async () => {
    for (const origin of [PARTNER_SITE, 'https://desconocido.example', 'null']) {
      const ok = await fetch(`${local.base}/api/health`, { headers: { origin } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe('*');
      expect(ok.headers.get('vary')).toContain('Origin');
    }
    const limited = await postJson(`${local.base}/api/wait-list`, VALID['wait-list'], { origin: 'https://desconocido.example' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('a preflight from any site is answered 204 with the methods and headers a widget sends', async () => {
    const response = await fetch(`${local.base}/api/wait-list`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://desconocido.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it("requests without Origin get no CORS headers; the console's API never does", async () => {
    expect((await fetch(`${local.base}/api/health`)).headers.get('access-control-allow-origin')).toBeNull();
    const admin = await fetch(`${local.base}/api/admin/session`, { headers: { origin: 'https://desconocido.example' } });
    expect(admin.status).toBe(401);
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${local.base}/api/admin/leads`, {
      method: 'OPTIONS',
      headers: { origin: 'https://desconocido.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('client addresses behind a proxy (TRUST_PROXY=1) and the window', () => {
  let proxied: LocalApi;
  // The limiter's clock: it stands still unless a test moves it (no waiting for a window to pass,
  // and no window that passes by itself on a slow machine).
  let now = Date.now();
  beforeAll(async () => {
    proxied = await startLocalApi({ RATE_LIMIT: '2', RATE_LIMIT_WINDOW: '60', TRUST_PROXY: '1' }, undefined, { now: () => now });
  });
  afterAll(() => proxied.close());
  const send = (forwardedFor: string) => postJson(`${proxied.base}/api/contact`, VALID.contact, { 'x-forwarded-for': forwardedFor });

  it('limits each forwarded client on its own, by the address the proxy appended', async () => {
    expect([
      (await send('203.0.113.9, 198.51.100.1')).status,
      (await send('203.0.113.9, 198.51.100.1')).status,
      (await send('198.51.100.1')).status,
    ]).toEqual([201, 201, 429]);
    expect((await send('198.51.100.2')).status).toBe(201);
  });

  it('lets a client in again once its window has passed, not before', async () => {
    expect((await send('198.51.100.1')).status).toBe(429);
    now += 59_000;
    const last = await send('198.51.100.1');
    expect([last.status, last.headers.get('retry-after')]).toEqual([429, '1']);
    now += 1_000;
    expect((await send('198.51.100.1')).status).toBe(201);
  });
});
