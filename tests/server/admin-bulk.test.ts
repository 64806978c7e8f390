// Bulk work, saved views and settings over real HTTP (issue 29), with every refusal: an agent
// cannot bulk-delete (only admins delete), no change without the CSRF token or from another
// origin, bad values are a 400 before anything changes, more than BULK_LIMIT matching is refused.
import { BULK_LIMIT } from '@obra/schema/console';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { startLocalApi, type LocalApi } from './support/api.ts';
import { csvRows } from './support/csv.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
let luisId: string;
let ids: string[];

const bulk = (body: unknown, session = ana, headers?: Record<string, string>) =>
  session.call('/api/admin/leads/bulk', { method: 'POST', body, headers });
const rows = (sql: string, params: unknown[] = []) => local.api.db.query<Record<string, unknown>>(sql, params);
const audit = () => rows("select action, detail from admin_audit where action like 'leads.%' order by id");

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  luisId = String((await rows("select id from admin_user where email = 'luis@example.com'"))[0]!.id);
  // 40 contact messages, newest first by number.
  await local.api.db.query(
    `insert into contact (created_at, name, email, message, request_hash, lang)
     select timestamptz '2026-02-01' + make_interval(mins => n), 'Bulk ' || n, 'b' || n || '@example.com', 'Hola', 'h', 'es' from generate_series(1, 40) n`,
  );
  ids = (await rows('select id from lead order by created_at desc')).map((row) => String(row.id));
});
afterAll(() => local.close());

describe('bulk changes', () => {
  it('assign 25 selected leads, and a second bulk change undoes it: one timeline event per lead, one audit entry per change', async () => {
    const chosen = ids.slice(0, 25);
    const assigned = await bulk({ action: 'assign', ids: chosen, assignee: luisId }, luis);
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toEqual({ changed: 25, undo: expect.any(String) });
    expect(await rows('select count(*)::int as n from lead where assignee = $1', [luisId])).toEqual([{ n: 25 }]);
    // Again: nothing to change, nothing recorded.
    expect(await (await bulk({ action: 'assign', ids: chosen, assignee: luisId }, luis)).json()).toEqual({ changed: 0, undo: null });
    expect(await (await bulk({ action: 'assign', ids: chosen, assignee: null }, luis)).json()).toEqual({
      changed: 25,
      undo: expect.any(String),
    });
    expect(await rows('select count(*)::int as n from lead where assignee is not null')).toEqual([{ n: 0 }]);
    expect(
      await rows('select type, detail, actor_email, count(*)::int as n from lead_event group by 1, 2, 3 order by detail desc'),
    ).toEqual([
      { type: 'assignee', detail: 'luis@example.com', actor_email: 'luis@example.com', n: 25 },
      { type: 'assignee', detail: '', actor_email: 'luis@example.com', n: 25 },
    ]);
    expect(await audit()).toEqual([
      { action: 'leads.changed', detail: { assignee: luisId, count: 25 } },
      { action: 'leads.changed', detail: { assignee: null, count: 25 } },
    ]);
  });

  it('change the status of every lead matching a filter (the inbox query string), and tell the webhooks of each', async () => {
    await local.api.db.query(
      "insert into webhook_endpoint (url, events, secret) values ('https://crm.example/hook', '{lead.updated}', 'whsec_dGVzdA==')",
    );
    const response = await bulk({ action: 'status', query: 'q=bulk 1&kind=contact', status: 'spam' }, luis);
    expect(await response.json()).toEqual({ changed: 11, undo: expect.any(String) });
    expect((await rows("select name from lead where status = 'spam' order by name")).map((row) => row.name)).toEqual(
      ['Bulk 1', ...Array.from({ length: 10 }, (_, i) => `Bulk ${10 + i}`)].sort(),
    );
    const events = await rows("select data from webhook_event where type = 'lead.updated'");
    expect(events).toHaveLength(11);
    expect(events[0]!.data).toMatchObject({ kind: 'contact', status: 'spam', changed: ['status'] });
    expect(
      (await local.api.db.query<{ n: number }>("select n::int from lead_tally where kind = 'contact' and status = 'spam'"))[0]!.n,
    ).toBe(11);
  });

  it(`refuses more than ${BULK_LIMIT} matching leads, bad values and bad ids with a 400 before changing anything`, async () => {
    await local.api.db.query(
      `insert into contact (created_at, name, email, message, request_hash, lang)
       select timestamptz '2026-01-01' + make_interval(secs => n), 'Many ' || n, 'm' || n || '@example.com', 'x', 'h', 'en' from generate_series(1, ${BULK_LIMIT + 1}) n`,
    );
    const tooMany = await bulk({ action: 'status', query: 'lang=en', status: 'lost' });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: 'too-many', limit: BULK_LIMIT });
    for (const [body, code] of [
      [{ action: 'status', ids: [ids[0]], status: 'closed' }, 'status'],
      [{ action: 'assign', ids: [ids[0]], assignee: '00000000-0000-4000-8000-000000000000' }, 'assignee'],
      [{ action: 'archive', ids: [ids[0]] }, 'action'],
      [{ action: 'status', ids: ['not-an-id'], status: 'won' }, 'ids'],
      [{ action: 'status', ids: [], status: 'won' }, 'ids'],
      [{ action: 'status', ids: [ids[0]], query: '', status: 'won' }, 'ids'],
    ] as const) {
      const response = await bulk(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    expect((await bulk({ action: 'status', query: 'kind=robot', status: 'won' })).status).toBe(400);
    expect(await rows("select count(*)::int as n from lead where status in ('lost', 'won')")).toEqual([{ n: 0 }]);
  });

  it('is refused without the CSRF token or from another origin, and changes nothing', async () => {
    const body = { action: 'status', ids: ids.slice(0, 3), status: 'won' };
    expect((await bulk(body, ana, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await bulk(body, ana, { 'x-csrf-token': '' })).status).toBe(403);
    expect((await bulk(body, ana, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await rows("select count(*)::int as n from lead where status = 'won'")).toEqual([{ n: 0 }]);
  });

  it('deletes for admins only: an agent is refused and nothing goes; an admin’s deletion takes their outbox mails and leaves one audit entry without personal data', async () => {
    const chosen = ids.slice(30, 35);
    const refused = await bulk({ action: 'delete', ids: chosen }, luis);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'role' });
    expect((await bulk({ action: 'delete', query: 'kind=contact' }, luis)).status).toBe(403);
    expect(await rows('select count(*)::int as n from contact where id = any($1)', [chosen])).toEqual([{ n: 5 }]);
    // Mails about them in the outbox folder (no SMTP_URL), named after their leads, and one about a lead that stays.
    const outbox = join(local.dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true, mode: 0o700 });
    for (const id of [...chosen, ids[0]!])
      writeFileSync(join(outbox, `notification-${id}-x.eml`), 'To: ana@example.com\r\n\r\nHola', { mode: 0o600 });
    expect(await (await bulk({ action: 'delete', ids: chosen })).json()).toEqual({ changed: 5 });
    expect(readdirSync(outbox).filter((name) => name.startsWith('notification-'))).toEqual([`notification-${ids[0]}-x.eml`]);
    expect(await rows('select count(*)::int as n from lead where id = any($1)', [chosen])).toEqual([{ n: 0 }]);
    expect(await rows('select count(*)::int as n from contact where id = any($1)', [chosen])).toEqual([{ n: 0 }]);
    const [entry] = await rows("select actor_email, detail from admin_audit where action = 'leads.deleted'");
    expect(entry).toEqual({ actor_email: 'ana@example.com', detail: { count: 5, kinds: { contact: 5 } } });
  });

  it('exports the selected leads only, and audits it', async () => {
    const response = await luis.call(`/api/admin/export.csv?ids=${ids.slice(0, 2).join(',')}`);
    expect(response.status).toBe(200);
    // The spreadsheet format of every export (UTF-8 after its BOM, comma-separated, quoted).
    const lines = csvRows(new Uint8Array(await response.arrayBuffer()));
    expect(lines.slice(1).map((line) => line[6])).toEqual(['Bulk 40', 'Bulk 39']);
    expect(await rows("select actor_email, detail from admin_audit where action = 'leads.exported'")).toEqual([
      { actor_email: 'luis@example.com', detail: { count: 2 } },
    ]);
    expect((await luis.call('/api/admin/export.csv?ids=1,2')).status).toBe(400);
  });
});

describe('saved views', () => {
  const save = (body: unknown, session = ana, headers?: Record<string, string>) =>
    session.call('/api/admin/views', { method: 'POST', body, headers });
  const views = async (session = ana) =>
    ((await (await session.call('/api/admin/views')).json()) as { views: { id: string; name: string; query: string }[] }).views;

  it("are each operator's own, kept to the inbox's keys in order; the same name replaces", async () => {
    const saved = await save({ name: '  Mis   nuevos ', query: '?sort=status&status=new&assignee=me&foo=bar&after=xyz' });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ name: 'Mis nuevos', query: 'status=new&assignee=me&sort=status' });
    expect((await save({ name: 'mis NUEVOS', query: 'due=today&sort=follow_up' })).status).toBe(201);
    expect(await views()).toEqual([{ id: expect.any(String), name: 'mis NUEVOS', query: 'due=today&sort=follow_up' }]);
    expect(await views(luis)).toEqual([]);
    // Another's view is not there to delete.
    const [mine] = await views();
    expect((await luis.call(`/api/admin/views/${mine!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ana.call(`/api/admin/views/${mine!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await views()).toEqual([]);
  });

  it('refuses a bad name or query, too many views, and a save without the CSRF token; nothing is stored', async () => {
    for (const [body, code] of [
      [{ name: '', query: '' }, 'name'],
      [{ name: 'x'.repeat(61), query: '' }, 'name'],
      [{ name: 'Mal', query: 'status=closed' }, undefined],
      [{ name: 'Mal', query: 'sort=value_usd' }, undefined],
      [{ name: 'Mal', query: 42 }, 'query'],
    ] as const) {
      const response = await save(body);
      expect(response.status).toBe(400);
      if (code) expect(await response.json()).toMatchObject({ code });
    }
    expect((await save({ name: 'Sin token', query: '' }, ana, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect(await views()).toEqual([]);
    for (let i = 0; i < 30; i += 1) expect((await save({ name: `Vista ${i}`, query: `q=${i}` })).status).toBe(201);
    const full = await save({ name: 'Una más', query: '' });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'too-many' });
    expect((await save({ name: 'vista 3', query: 'q=otra' })).status).toBe(201);
    expect(await views()).toHaveLength(30);
  });
});

describe('settings', () => {
  const me = (body: unknown, session = ana) => session.call('/api/admin/me', { method: 'PATCH', body });
  const settings = async (session = ana) => ((await (await session.call('/api/admin/session')).json()) as { settings: unknown }).settings;

  it("are each operator's: language, time zone (the company's until chosen) and the morning e-mail's hour", async () => {
    expect(await settings(luis)).toEqual({
      lang: null,
      timeZone: 'America/Bogota',
      ownTimeZone: null,
      morningHour: 8,
      companyTimeZone: 'America/Bogota',
    });
    expect((await me({ lang: 'en', timeZone: 'Europe/Madrid', morningHour: 7 }, luis)).status).toBe(204);
    expect(await settings(luis)).toMatchObject({ lang: 'en', timeZone: 'Europe/Madrid', ownTimeZone: 'Europe/Madrid', morningHour: 7 });
    expect((await me({ timeZone: null, morningHour: null }, luis)).status).toBe(204);
    expect(await settings(luis)).toMatchObject({ timeZone: 'America/Bogota', ownTimeZone: null, morningHour: null });
    expect(await settings(ana)).toMatchObject({ lang: null, morningHour: 8 });
  });

  it('refuses what is not a language, a time zone or an hour; nothing changes', async () => {
    for (const [body, code] of [
      [{ lang: 'fr' }, 'lang'],
      [{ timeZone: 'Mars/Olympus' }, 'time-zone'],
      [{ timeZone: 'America/Bogota; drop table lead' }, 'time-zone'],
      [{ morningHour: 24 }, 'morning-hour'],
      [{ morningHour: 7.5 }, 'morning-hour'],
    ] as const) {
      const response = await me(body, luis);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    expect((await me({}, luis)).status).toBe(400);
    expect(await settings(luis)).toMatchObject({ lang: 'en', timeZone: 'America/Bogota', morningHour: null });
  });

  it("leaves the company's time zone to admins", async () => {
    const refused = await luis.call('/api/admin/company', { method: 'PUT', body: { timeZone: 'Europe/Madrid' } });
    expect(refused.status).toBe(403);
    expect((await ana.call('/api/admin/company', { method: 'PUT', body: { timeZone: 'Mars/Base' } })).status).toBe(400);
    expect((await ana.call('/api/admin/company', { method: 'PUT', body: { timeZone: 'Europe/Madrid' } })).status).toBe(204);
    expect(await settings(luis)).toMatchObject({ timeZone: 'Europe/Madrid', companyTimeZone: 'Europe/Madrid' });
    expect(await rows("select actor_email, detail from admin_audit where action = 'company.time-zone'")).toEqual([
      { actor_email: 'ana@example.com', detail: { timeZone: 'Europe/Madrid' } },
    ]);
  });
});
