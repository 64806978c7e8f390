// The console's API refusals over real HTTP: no session, wrong origin, no CSRF token, wrong
// passwords and their throttle (parallel guesses, unknown accounts, the operator's own browser),
// roles, sign-out everywhere, one-time links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteUser } from '@obra/server/testing';
import { createOperator, PASSWORD, signInAs, type Session } from './support/admin.ts';
import { postJson, runNpm, startLocalApi, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
let leadId: string;
beforeAll(async () => {
  // TRUST_PROXY: the tests play clients at other addresses with X-Forwarded-For.
  local = await startLocalApi({ RATE_LIMIT: '0', TRUST_PROXY: '1' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'bo@example.com', 'agent');
  await createOperator(local.api.db, 'lock@example.com', 'agent');
  await createOperator(local.api.db, 'ten@example.com', 'agent');
  const response = await postJson(`${local.base}/api/contact`, VALID.contact);
  leadId = ((await response.json()) as { id: string }).id;
});
afterAll(() => local.close());

const ID = '00000000-0000-4000-8000-000000000000';
const CALLS: [string, string][] = [
  ['GET', '/api/admin/session'],
  ['POST', '/api/admin/sign-out'],
  ['GET', '/api/admin/leads'],
  ['GET', '/api/admin/export.csv'],
  ['GET', `/api/admin/leads/${ID}`],
  ['PATCH', `/api/admin/leads/${ID}`],
  ['DELETE', `/api/admin/leads/${ID}`],
  ['POST', `/api/admin/leads/${ID}/notes`],
  ['POST', `/api/admin/leads/${ID}/resend`],
  ['GET', `/api/admin/leads/${ID}/report.pdf`],
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users'],
  ['PATCH', `/api/admin/users/${ID}`],
  ['DELETE', `/api/admin/users/${ID}`],
  ['GET', '/api/admin/nothing-here'],
];

describe('without a session', () => {
  it.each(CALLS)('%s %s is 401 and sends no CORS headers', async (method, path) => {
    const response = await fetch(`${local.base}${path}`, { method, headers: { origin: local.base, cookie: 'obra_admin=forged' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('signing in', () => {
  const attempt = (email: string, password: string, origin: string | null = local.base) =>
    fetch(`${local.base}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify({ email, password }),
    });

  it('sets an HttpOnly, SameSite=Lax session cookie on the right password', async () => {
    const response = await attempt('ana@example.com', PASSWORD);
    expect(response.status).toBe(201);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^obra_admin=[\w-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    // Only the hash is stored: the cookie's value is nowhere in the table.
    const rows = await local.api.db.query<{ id_hash: string }>('select id_hash from admin_session');
    expect(rows.some((row) => cookie.includes(row.id_hash))).toBe(false);
  });

  it('answers one 401 for a wrong password and for an unknown e-mail', async () => {
    const wrong = await attempt('ana@example.com', 'not the password');
    const unknown = await attempt('nobody@example.com', PASSWORD);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('refuses a sign-in from another origin or without one', async () => {
    expect((await attempt('ana@example.com', PASSWORD, 'https://evil.example')).status).toBe(403);
    expect((await attempt('ana@example.com', PASSWORD, null)).status).toBe(403);
  });
});

describe('wrong passwords: a throttle, never a lockout', () => {
  /** A sign-in from `address` (TRUST_PROXY: the last X-Forwarded-For entry), with the cookies given. */
  const from = (address: string, email: string, password: string, cookie = '') =>
    fetch(`${local.base}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: local.base, 'x-forwarded-for': address, ...(cookie && { cookie }) },
      body: JSON.stringify({ email, password }),
    });
  /** The cookies a 201 set, as a Cookie header. */
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

  it("300 wrong passwords in parallel from 50 addresses: at most 10 are checked, the rest 429 before any hash; the operator's own browser still signs in", async () => {
    // The operator signed in once from their browser: it keeps a device cookie.
    const first = await from('198.51.100.1', 'lock@example.com', PASSWORD);
    expect(first.status).toBe(201);
    const device = cookiesOf(first)
      .split('; ')
      .find((c) => c.startsWith('obra_device='))!;
    expect(first.headers.getSetCookie().find((c) => c.startsWith('obra_device='))).toMatch(
      /HttpOnly; SameSite=Strict; Path=\/api\/admin\/session/,
    );
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => from(`203.0.113.${i % 50}`, 'lock@example.com', `wrong guess ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - statuses.filter((s) => s === 401).length);
    // The right password from a browser the account does not know waits like the guesses …
    const stranger = await from('192.0.2.77', 'lock@example.com', PASSWORD);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    // … and the operator's own browser, with its device cookie, is not kept out.
    expect((await from('198.51.100.1', 'lock@example.com', PASSWORD, device)).status).toBe(201);
    // Other accounts are not affected.
    expect((await from('192.0.2.78', 'bo@example.com', PASSWORD)).status).toBe(201);
  });

  it('answers a throttled real account exactly as an unknown one (no 423, nothing to tell them apart)', async () => {
    const real: Response[] = [];
    const unknown: Response[] = [];
    for (let i = 0; i < 11; i += 1) {
      real.push(await from(`198.18.0.${i}`, 'ten@example.com', `nope ${i}`));
      unknown.push(await from(`198.18.1.${i}`, 'nadie@example.com', `nope ${i}`));
    }
    expect(real.map((r) => r.status)).toEqual([...Array(10).fill(401), 429]);
    expect(unknown.map((r) => r.status)).toEqual(real.map((r) => r.status));
    const [a, b] = [await real.at(-1)!.json(), await unknown.at(-1)!.json()];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ code: 'rate' });
  });

  it('an address that failed 20 times waits, for every account; a success gives its attempt back', async () => {
    const address = '100.64.9.9';
    // Nineteen failures and a success: the success does not count against the address.
    for (let i = 0; i < 19; i += 1) expect((await from(address, `nadie${i}@example.com`, 'x')).status).toBe(401);
    expect((await from(address, 'bo@example.com', PASSWORD)).status).toBe(201);
    expect((await from(address, 'nadie20@example.com', 'x')).status).toBe(401);
    expect((await from(address, 'bo@example.com', PASSWORD)).status).toBe(429);
    expect((await from('100.64.9.10', 'bo@example.com', PASSWORD)).status).toBe(201);
  });
});

describe('a signed-in session', () => {
  it('refuses a state-changing call without the CSRF token, with a wrong one, or from another origin', async () => {
    const session = await signInAs(local.base, 'ana@example.com');
    const path = `/api/admin/leads/${leadId}`;
    const body = { status: 'contacted' };
    expect((await session.call(path, { method: 'PATCH', body, headers: { 'x-csrf-token': '' } })).status).toBe(403);
    expect((await session.call(path, { method: 'PATCH', body, headers: { 'x-csrf-token': 'x'.repeat(43) } })).status).toBe(403);
    expect((await session.call(path, { method: 'PATCH', body, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect(
      (await session.call(`/api/admin/leads/${leadId}/notes`, { method: 'POST', body: { text: 'hola' }, headers: { origin: 'null' } }))
        .status,
    ).toBe(403);
    const [lead] = await local.api.db.query<{ status: string }>('select status from lead where id = $1', [leadId]);
    expect(lead!.status).toBe('new');
    expect((await session.call(path, { method: 'PATCH', body })).status).toBe(204);
    const [after] = await local.api.db.query<{ status: string }>('select status from lead where id = $1', [leadId]);
    expect(after!.status).toBe('contacted');
  });

  it('never answers CORS for another origin, even signed in', async () => {
    const session = await signInAs(local.base, 'ana@example.com');
    const response = await session.call('/api/admin/leads', { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${local.base}/api/admin/leads`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets an agent work leads but not delete them or manage users', async () => {
    const agent = await signInAs(local.base, 'bo@example.com');
    expect((await agent.call('/api/admin/leads')).status).toBe(200);
    expect((await agent.call(`/api/admin/leads/${leadId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await agent.call('/api/admin/users', { method: 'POST', body: { email: 'x@example.com', role: 'admin' } })).status).toBe(403);
    expect((await local.api.db.query('select 1 from lead where id = $1', [leadId])).length).toBe(1);
  });

  it('refuses an invitation or a role its contract does not take with a 400 that says why, and stores nothing', async () => {
    const session = await signInAs(local.base, 'ana@example.com');
    const [bo] = await local.api.db.query<{ id: string }>("select id from admin_user where email = 'bo@example.com'");
    const email = { errorMessage: 'Give a valid e-mail address (name@example.com).', code: 'email' };
    const role = { errorMessage: 'The role must be admin or agent.', code: 'role' };
    for (const [path, method, body, refusal] of [
      ['users', 'POST', { email: 'not an address', role: 'agent' }, email],
      ['users', 'POST', { email: 'x<img/src=x>@example.com', role: 'agent' }, email],
      ['users', 'POST', { email: '\u200Bops@example.com', role: 'agent' }, email],
      ['users', 'POST', { role: 'agent' }, email],
      ['users', 'POST', { email: 'new@example.com', role: 'owner' }, role],
      [`users/${bo!.id}`, 'PATCH', { role: 'owner' }, role],
      [`users/${bo!.id}`, 'PATCH', {}, role],
    ] as const) {
      const response = await session.call(`/api/admin/${path}`, { method, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal);
    }
    expect(await local.api.db.query("select role from admin_user where email = 'new@example.com' or id = $1", [bo!.id])).toEqual([
      { role: 'agent' },
    ]);
  });

  it("npm run admin -- create-user checks the address as the leads' (and the console's invitation) do: markup is refused, nothing stored", async () => {
    const run = await runNpm(['admin', '--', 'create-user', 'x<img/src=x>@example.com', '--role', 'agent'], local.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Give a valid e-mail address (name@example.com).');
    expect(await local.api.db.query("select 1 from admin_user where email like 'x<img%'")).toEqual([]);
  });

  it('answers 400 for a filter value it does not know, and for a forged cursor', async () => {
    const session = await signInAs(local.base, 'ana@example.com');
    expect((await session.call('/api/admin/leads?status=paid')).status).toBe(400);
    expect((await session.call('/api/admin/leads?from=yesterday')).status).toBe(400);
    expect((await session.call('/api/admin/leads?after=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await session.call(`/api/admin/leads/${leadId}`, { method: 'PATCH', body: { status: 'paid' } })).status).toBe(400);
    expect((await session.call(`/api/admin/leads/${leadId}/notes`, { method: 'POST', body: { text: 'x'.repeat(2001) } })).status).toBe(400);
  });

  it('signs out here, then everywhere', async () => {
    const first = await signInAs(local.base, 'ana@example.com');
    const second = await signInAs(local.base, 'ana@example.com');
    const third = await signInAs(local.base, 'ana@example.com');
    const out = await first.call('/api/admin/sign-out', { method: 'POST', body: {} });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await first.call('/api/admin/session')).status).toBe(401);
    expect((await second.call('/api/admin/session')).status).toBe(200);
    expect((await second.call('/api/admin/sign-out', { method: 'POST', body: { everywhere: true } })).status).toBe(204);
    expect((await third.call('/api/admin/session')).status).toBe(401);
  });
});

describe('one-time links', () => {
  it('set a password once; the link then stops working', async () => {
    const { token } = await inviteUser(local.api.db, 'new@example.com', 'agent');
    const set = (password: string) =>
      fetch(`${local.base}/api/admin/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: local.base },
        body: JSON.stringify({ token, password }),
      });
    // Too short, one character over and over, the e-mail's name, the product's name.
    for (const weak of ['short', 'fourteen chars', 'aaaaaaaaaaaaaaaaaaaa', '1212121212121212', 'new-new-new-new-1', 'obraobra-segura-1']) {
      const refused = await set(weak);
      expect(refused.status, weak).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe('password');
    }
    expect((await set('a good long password')).status).toBe(204);
    expect((await set('another long password')).status).toBe(400);
    expect((await signInAs(local.base, 'new@example.com', 'a good long password')).csrf).toMatch(/^[\w-]{43}$/);
  });
});

describe("changing one's own password", () => {
  const change = (session: Session, body: unknown, headers?: Record<string, string>) =>
    session.call('/api/admin/account/password', { method: 'POST', body, headers });

  it('needs the current password, a new one the policy takes, the session, its CSRF token and the origin', async () => {
    await createOperator(local.api.db, 'cambia@example.com', 'agent');
    const session = await signInAs(local.base, 'cambia@example.com');
    const next = 'otra frase larga y nueva';
    expect((await fetch(`${local.base}/api/admin/account/password`, { method: 'POST', headers: { origin: local.base } })).status).toBe(401);
    expect((await change(session, { current: PASSWORD, password: next }, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await change(session, { current: PASSWORD, password: next }, { origin: 'https://evil.example' })).status).toBe(403);
    const wrong = await change(session, { current: 'not my password', password: next });
    expect([wrong.status, ((await wrong.json()) as { code: string }).code]).toEqual([400, 'current']);
    const weak = await change(session, { current: PASSWORD, password: 'cambia cambia 1' });
    expect([weak.status, ((await weak.json()) as { code: string }).code]).toEqual([400, 'password']);
    // Nothing changed so far.
    await signInAs(local.base, 'cambia@example.com');
  });

  it('changes it, signs the other sessions out, keeps this one, and the old password stops working', async () => {
    await createOperator(local.api.db, 'rota@example.com', 'agent');
    const here = await signInAs(local.base, 'rota@example.com');
    const elsewhere = await signInAs(local.base, 'rota@example.com');
    const next = 'una frase larga distinta';
    expect((await change(here, { current: PASSWORD, password: next })).status).toBe(204);
    expect((await here.call('/api/admin/session')).status).toBe(200);
    expect((await elsewhere.call('/api/admin/session')).status).toBe(401);
    await expect(signInAs(local.base, 'rota@example.com')).rejects.toThrow(/401/);
    expect((await signInAs(local.base, 'rota@example.com', next)).csrf).toMatch(/^[\w-]{43}$/);
    expect(
      await local.api.db.query("select action from admin_audit where action = 'user.password' and actor_email = 'rota@example.com'"),
    ).toEqual([{ action: 'user.password' }]);
  });
});
