// The per-IP rate limit (429 with Retry-After) and the CORS allow-list (allowed, denied, preflight).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, postJson, startLocalApi, type LocalApi } from './support/api.ts';

const PARTNER_SITE = 'https://proveedor.example';
let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({
    RATE_LIMIT: '3',
    RATE_LIMIT_READS: '5',
    RATE_LIMIT_WINDOW: '60',
    CORS_ORIGINS: `${PARTNER_SITE}, https://otro.example/`,
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
  // The writes of this file's first test used up the window, so a POST here is answered 429.
  it('an allowed origin gets Access-Control-Allow-Origin on the answer, errors included', async () => {
    const ok = await fetch(`${local.base}/api/health`, { headers: { origin: PARTNER_SITE } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(PARTNER_SITE);
    expect(ok.headers.get('vary')).toContain('Origin');
    const limited = await postJson(`${local.base}/api/wait-list`, VALID['wait-list'], { origin: PARTNER_SITE });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe(PARTNER_SITE);
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('a preflight from an allowed origin (trailing slash in the list ignored) is answered 204', async () => {
    const response = await fetch(`${local.base}/api/wait-list`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://otro.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://otro.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('an origin not in CORS_ORIGINS gets 403 on preflights and requests, with no CORS headers', async () => {
    const preflight = await fetch(`${local.base}/api/contact`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const before = (await local.rows('contact')).length;
    const post = await postJson(`${local.base}/api/contact`, VALID.contact, { origin: 'https://evil.example' });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { errorMessage: string }).errorMessage).toMatch(/CORS_ORIGINS/);
    expect(await local.rows('contact')).toHaveLength(before);
  });

  it("the API's own origin and requests without Origin need no allow-list entry", async () => {
    const own = await fetch(`${local.base}/api/health`, { headers: { origin: local.base } });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${local.base}/api/health`)).status).toBe(200);
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
