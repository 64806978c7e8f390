// @vitest-environment node
// The console API's pure parts: password hashing, the session cookie, the filter and its cursor.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@obra/server';
import {
  afterCursor,
  cookieHeader,
  decodeCursor,
  encodeCursor,
  encodeSortCursor,
  hashPassword,
  orderBy,
  parseFilter,
  parseSort,
  sameToken,
  sessionCookie,
  verifyPassword,
  whereBuilder,
  whereOf,
} from '@obra/server/testing';

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
  const scope = { me: '00000000-0000-4000-8000-00000000000a', timeZone: 'America/Bogota', now: new Date('2026-11-23T14:00:00Z') };

  it("keeps known values and builds numbered parameters, dates in the operator's time zone", () => {
    const filter = parseFilter(new URLSearchParams('kind=report&status=new&lang=en&from=2026-01-01&to=2026-01-31&q=  Ana_50%25 '));
    expect(filter).toEqual({ kind: 'report', status: 'new', lang: 'en', from: '2026-01-01', to: '2026-01-31', q: 'ana_50%' });
    const { sql, params } = whereOf(filter, scope);
    expect(sql).toBe(
      'where kind = $1 and status = $2 and lang = $3 and created_at >= ($5::date)::timestamp at time zone $4 and created_at < ($6::date + 1)::timestamp at time zone $4 and search like $7',
    );
    expect(params).toEqual(['report', 'new', 'en', 'America/Bogota', '2026-01-01', '2026-01-31', '%ana\\_50\\%%']);
    expect(whereOf(filter, scope, { withStatus: false }).sql).not.toContain('status');
    // No status chosen: every lead but spam, which has its own tab (docs/operators/console.md).
    expect(whereOf({}, scope).sql).toBe("where status <> 'spam'");
  });

  it("reads the queues: mine, nobody's, and the follow-ups due by the end of the operator's day", () => {
    expect(whereOf(parseFilter(new URLSearchParams('assignee=me')), scope)).toEqual({
      sql: "where status <> 'spam' and assignee = $1::uuid",
      params: [scope.me],
    });
    expect(whereOf(parseFilter(new URLSearchParams('assignee=none')), scope)).toEqual({
      sql: "where status <> 'spam' and assignee is null",
      params: [],
    });
    const today = whereOf(parseFilter(new URLSearchParams('due=today')), scope);
    expect(today.sql).toBe(
      "where coalesce(follow_up_at, 'infinity'::timestamptz) < (date_trunc('day', $1::timestamptz at time zone $2) + interval '1 day') at time zone $2 and status in ('new', 'contacted', 'qualified')",
    );
    expect(today.params).toEqual(['2026-11-23T14:00:00.000Z', 'America/Bogota']);
    expect(whereOf(parseFilter(new URLSearchParams('due=overdue')), scope).sql).toBe(
      "where coalesce(follow_up_at, 'infinity'::timestamptz) < $1::timestamptz and status in ('new', 'contacted', 'qualified')",
    );
  });

  it.each([['kind=robot'], ['status=paid'], ['lang=fr'], ['from=2026-13-45'], ['to=ayer'], ['assignee=luis'], ['due=tomorrow']])(
    'refuses %s with a 400',
    (query) => {
      expect(() => parseFilter(new URLSearchParams(query))).toThrow(expect.objectContaining({ status: 400 }));
    },
  );

  it('round-trips a cursor with microseconds and refuses a forged one', () => {
    const cursor = { at: '2026-11-23 09:00:00.123456+00', id: '00000000-0000-4000-8000-000000000002' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(null)).toBeUndefined();
    expect(() => decodeCursor(Buffer.from('x|1; drop table lead').toString('base64url'))).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('the inbox sorts', () => {
  const id = '00000000-0000-4000-8000-000000000003';
  const keyset = (query: string, values: string[]) => {
    const sort = parseSort(new URLSearchParams(query));
    const where = whereBuilder();
    afterCursor(sort, encodeSortCursor(sort, values))!(where);
    return { order: orderBy(sort), ...where.build() };
  };

  it("walks each key's index from the last row: the same columns in the order and the cursor, one direction", () => {
    expect(keyset('', ['2026-11-23 09:00:00.123456+00', id])).toEqual({
      order: 'order by created_at desc, id desc',
      sql: 'where (created_at, id) < ($1::timestamptz, $2::uuid)',
      params: ['2026-11-23 09:00:00.123456+00', id],
    });
    expect(keyset('sort=status', ['1', '2026-11-23 09:00:00+00', id])).toEqual({
      order: 'order by lead_status_rank(status) asc, created_at asc, id asc',
      sql: 'where (lead_status_rank(status), created_at, id) > ($1::smallint, $2::timestamptz, $3::uuid)',
      params: ['1', '2026-11-23 09:00:00+00', id],
    });
    // The value: a lead without one as -1 going down and as infinity going up, so it comes last both ways.
    expect(keyset('sort=value', ['-1', '2026-11-23 09:00:00+00', id])).toEqual({
      order: 'order by coalesce(value_usd, -1) desc, created_at desc, id desc',
      sql: 'where (coalesce(value_usd, -1), created_at, id) < ($1::numeric, $2::timestamptz, $3::uuid)',
      params: ['-1', '2026-11-23 09:00:00+00', id],
    });
    expect(keyset('sort=value&dir=asc', ['Infinity', '2026-11-23 09:00:00+00', id]).order).toBe(
      "order by coalesce(value_usd, 'infinity'::numeric) asc, created_at asc, id asc",
    );
    expect(keyset('sort=follow_up&dir=desc', ['infinity', '2026-11-23 09:00:00+00', id]).sql).toBe(
      "where (coalesce(follow_up_at, 'infinity'::timestamptz), created_at, id) < ($1::timestamptz, $2::timestamptz, $3::uuid)",
    );
  });

  it('refuses an unknown key or direction, and a cursor of another sort or forged', () => {
    expect(() => parseSort(new URLSearchParams('sort=value_usd'))).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseSort(new URLSearchParams('dir=up'))).toThrow(expect.objectContaining({ status: 400 }));
    const received = parseSort(new URLSearchParams(''));
    const status = parseSort(new URLSearchParams('sort=status'));
    expect(() => afterCursor(status, encodeSortCursor(received, ['2026-11-23 09:00:00+00', id]))).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => afterCursor(received, encodeSortCursor(received, ["1'; drop table lead --", id]))).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => afterCursor(received, 'not-a-cursor')).toThrow(expect.objectContaining({ status: 400 }));
    const value = parseSort(new URLSearchParams('sort=value'));
    expect(() => afterCursor(value, encodeSortCursor(value, ['1e9', '2026-11-23 09:00:00+00', id]))).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(afterCursor(received, null)).toBeUndefined();
  });
});
