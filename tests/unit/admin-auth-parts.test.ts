// @vitest-environment node
// The console API's pure parts: password hashing, the session cookie, the filter and its cursor.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cookieHeader, sessionCookie } from '../../packages/server/src/admin/auth.ts';
import { decodeCursor, encodeCursor, parseFilter, whereOf } from '../../packages/server/src/admin/filter.ts';
import { hashPassword, verifyPassword } from '../../packages/server/src/admin/password.ts';
import { sameToken } from '../../packages/server/src/admin/tokens.ts';
import { loadConfig } from '../../packages/server/src/config.ts';

const request = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: encrypted ? { encrypted: true } : {} }) as unknown as IncomingMessage;

describe('passwords', () => {
  it('hash with a fresh salt and the parameters stored, and verify only the same password', async () => {
    const params = { N: 2 ** 10, r: 8, p: 1 };
    const [a, b] = await Promise.all([hashPassword('un secreto largo', params), hashPassword('un secreto largo', params)]);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('un secreto largo', a)).toBe(true);
    expect(await verifyPassword('un secreto larg0', a)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, and Secure only over https', () => {
    const plain = cookieHeader(request({ host: 'a.example' }), loadConfig({}), 'abc');
    expect(plain).toBe('obra_admin=abc; Max-Age=604800; HttpOnly; SameSite=Lax; Path=/');
    expect(cookieHeader(request({ host: 'a.example' }), loadConfig({ PUBLIC_URL: 'https://obra.example' }), 'abc')).toContain('; Secure');
    expect(cookieHeader(request({ host: 'a.example' }, true), loadConfig({}), 'abc')).toContain('; Secure');
    expect(cookieHeader(request({}), loadConfig({}), undefined)).toMatch(/^obra_admin=; Max-Age=0;/);
  });

  it('is read from among other cookies', () => {
    expect(sessionCookie(request({ cookie: 'a=1; obra_admin=xyz; b=2' }))).toBe('xyz');
    expect(sessionCookie(request({ cookie: 'a=1' }))).toBeUndefined();
  });

  it('CSRF tokens compare whole', () => {
    expect(sameToken('abc', 'abc')).toBe(true);
    expect(sameToken('abd', 'abc')).toBe(false);
    expect(sameToken('ab', 'abc')).toBe(false);
    expect(sameToken(undefined, 'abc')).toBe(false);
  });
});

describe('the inbox filter', () => {
  it('keeps known values and builds numbered parameters', () => {
    const filter = parseFilter(new URLSearchParams('kind=report&status=new&lang=en&from=2026-01-01&to=2026-01-31&q=  Ana_50%25 '));
    expect(filter).toEqual({ kind: 'report', status: 'new', lang: 'en', from: '2026-01-01', to: '2026-01-31', q: 'ana_50%' });
    const { sql, params } = whereOf(filter, { at: '2026-01-10 10:00:00.123456+00', id: '00000000-0000-4000-8000-000000000001' });
    expect(sql).toBe(
      "where kind = $1 and status = $2 and lang = $3 and created_at >= $4::timestamptz and created_at < $5::timestamptz + interval '1 day' and search like $6 and (created_at, id) < ($7::timestamptz, $8::uuid)",
    );
    expect(params).toEqual([
      'report',
      'new',
      'en',
      '2026-01-01T00:00:00Z',
      '2026-01-31T00:00:00Z',
      '%ana\\_50\\%%',
      '2026-01-10 10:00:00.123456+00',
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(whereOf(filter, undefined, false).sql).not.toContain('status');
    expect(whereOf({}).sql).toBe('');
  });

  it.each([['kind=robot'], ['status=paid'], ['lang=fr'], ['from=2026-13-45'], ['to=ayer']])('refuses %s with a 400', (query) => {
    expect(() => parseFilter(new URLSearchParams(query))).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('round-trips a cursor with microseconds and refuses a forged one', () => {
    const cursor = { at: '2026-11-23 09:00:00.123456+00', id: '00000000-0000-4000-8000-000000000002' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(null)).toBeUndefined();
    expect(() => decodeCursor(Buffer.from('x|1; drop table lead').toString('base64url'))).toThrow(expect.objectContaining({ status: 400 }));
  });
});
