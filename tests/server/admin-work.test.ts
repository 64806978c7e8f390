// Working leads over real HTTP (issue 29): follow-ups (and who they belong to), the work queues
// (mine, nobody's, due today, overdue) judged by a clock the test moves and the operator's time
// zone, the navigation badge, sorting with keyset pages, dates in the operator's days, and the
// first words with labels instead of codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, insertReport, signInAs, type Session } from './support/admin.ts';
import { startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
let ids: Record<string, string>;
let clock = Date.parse('2026-03-10T15:00:00Z'); // Tuesday 10:00 in Bogotá, the company's zone.

interface Item {
  id: string;
  name: string;
  status: string;
  assignee: string | null;
  assignee_email: string | null;
  follow_up_at: string | null;
  value_usd: number | null;
  readable: { es: string; en: string };
}
interface Page {
  items: Item[];
  next: string | null;
  counts: Record<string, number>;
  countsCapped: boolean;
}

const list = async (query: string, session = ana) => {
  const response = await session.call(`/api/admin/leads${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};
const names = async (query: string, session = ana) => (await list(query, session)).items.map((item) => item.name);
const patch = (id: string, body: unknown, session = ana) => session.call(`/api/admin/leads/${id}`, { method: 'PATCH', body });
const userId = async (email: string) =>
  (await local.api.db.query<{ id: string }>('select id from admin_user where email = $1', [email]))[0]!.id;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' }, undefined, { now: () => clock });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  // 60 wait-list leads an hour apart from 1 March 2026 00:00 UTC, a third of them suppliers.
  await local.api.db.query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
     select timestamptz '2026-03-01' + make_interval(hours => n), case when n % 3 = 0 then 'proveedor' else 'cliente' end, 'Lead ' || n,
       'l' || n || '@example.com', '+57 300 000 ' || lpad(n::text, 4, '0'), 'Casa  de   dos pisos', 'h', 'es'
     from generate_series(1, 60) n`,
  );
  const rows = await local.api.db.query<{ id: string; name: string }>('select id, name from lead');
  ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});
afterAll(() => local.close());

describe('a follow-up', () => {
  it("is set with a note on a lead nobody had, which makes it the operator's; the timeline says both", async () => {
    expect((await patch(ids['Lead 1']!, { followUp: { at: '2026-03-10T09:00:00-05:00', note: 'Llamar por el techo' } })).status).toBe(204);
    const lead = (await (await ana.call(`/api/admin/leads/${ids['Lead 1']}`)).json()) as {
      assignee: string;
      timeline: { type: string; detail: string; actor: string }[];
    };
    expect(lead.assignee).toBe(await userId('ana@example.com'));
    expect(lead.timeline.slice(1).map((event) => [event.type, event.detail, event.actor])).toEqual([
      ['assignee', 'ana@example.com', 'ana@example.com'],
      ['follow-up', '2026-03-10T14:00:00.000Z\nLlamar por el techo', 'ana@example.com'],
    ]);
    const [row] = await local.api.db.query<{ follow_up_at: Date; follow_up_note: string }>(
      'select follow_up_at, follow_up_note from lead where id = $1',
      [ids['Lead 1']],
    );
    expect(row).toEqual({ follow_up_at: new Date('2026-03-10T14:00:00Z'), follow_up_note: 'Llamar por el techo' });
  });

  it('is refused, and nothing stored, when it is not a time with its offset or its note is too long', async () => {
    for (const followUp of [
      { at: '2026-03-10 09:00' },
      { at: 'mañana' },
      { at: '1999-12-31T09:00:00Z' },
      { at: '2026-03-10T09:00:00Z', note: 'x'.repeat(501) },
      'soon',
    ]) {
      const response = await patch(ids['Lead 2']!, { followUp });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'follow-up' });
    }
    expect(await local.api.db.query('select follow_up_at, assignee from lead where id = $1', [ids['Lead 2']])).toEqual([
      { follow_up_at: null, assignee: null },
    ]);
  });

  it('keeps the assignee a lead already has, and is cleared with null', async () => {
    const luisId = await userId('luis@example.com');
    expect((await patch(ids['Lead 3']!, { assignee: luisId })).status).toBe(204);
    expect((await patch(ids['Lead 3']!, { followUp: { at: '2026-03-10T08:00:00-05:00', note: '' } })).status).toBe(204);
    expect((await local.api.db.query<{ assignee: string }>('select assignee from lead where id = $1', [ids['Lead 3']]))[0]!.assignee).toBe(
      luisId,
    );
    expect((await patch(ids['Lead 4']!, { followUp: { at: '2026-03-11T09:00:00-05:00' } })).status).toBe(204);
    expect((await patch(ids['Lead 4']!, { followUp: null })).status).toBe(204);
    expect(await local.api.db.query('select follow_up_at from lead where id = $1', [ids['Lead 4']])).toEqual([{ follow_up_at: null }]);
  });
});

describe('the work queues', () => {
  beforeAll(async () => {
    // Ana: Lead 1 at 09:00 today (overdue at 10:00), Lead 5 at 20:00 today, Lead 6 tomorrow 09:00, Lead 7 won with an old follow-up.
    expect((await patch(ids['Lead 5']!, { followUp: { at: '2026-03-10T20:00:00-05:00' } })).status).toBe(204);
    expect((await patch(ids['Lead 6']!, { followUp: { at: '2026-03-11T09:00:00-05:00' } })).status).toBe(204);
    expect((await patch(ids['Lead 7']!, { followUp: { at: '2026-03-01T09:00:00-05:00' }, status: 'won' })).status).toBe(204);
  });

  it('lists my leads, nobody’s and an operator’s; a shared "mine" link shows each operator their own', async () => {
    // Lead 4 stays hers after its follow-up was cleared.
    expect((await names('?assignee=me')).sort()).toEqual(['Lead 1', 'Lead 4', 'Lead 5', 'Lead 6', 'Lead 7']);
    expect(await names('?assignee=me', luis)).toEqual(['Lead 3']);
    expect(await names(`?assignee=${await userId('luis@example.com')}`)).toEqual(['Lead 3']);
    const nobody = await list('?assignee=none');
    expect(nobody.items).toHaveLength(50);
    expect(nobody.counts).toMatchObject({ new: 54, won: 0 });
    expect(nobody.items.every((item) => item.assignee === null)).toBe(true);
    const mine = (await list('?assignee=me&sort=follow_up')).items[0]!;
    expect(mine).toMatchObject({ name: 'Lead 7', assignee_email: 'ana@example.com', follow_up_at: '2026-03-01T14:00:00.000Z' });
  });

  it("has the follow-ups due by the end of the operator's day and those past their time, by the clock; closed leads are never due", async () => {
    expect(await names('?assignee=me&due=today&sort=follow_up')).toEqual(['Lead 1', 'Lead 5']);
    expect(await names('?assignee=me&due=overdue')).toEqual(['Lead 1']);
    expect(await (await ana.call('/api/admin/due')).json()).toEqual({ overdue: 1, today: 2 });
    expect(await (await luis.call('/api/admin/due')).json()).toEqual({ overdue: 1, today: 1 });
    // 21:00 in Bogotá: Lead 5 is late too; 01:00 the next day there, Lead 6 is due.
    clock = Date.parse('2026-03-11T02:00:00Z');
    expect(await (await ana.call('/api/admin/due')).json()).toEqual({ overdue: 2, today: 2 });
    clock = Date.parse('2026-03-11T06:00:00Z');
    expect(await names('?assignee=me&due=today&sort=follow_up')).toEqual(['Lead 1', 'Lead 5', 'Lead 6']);
    expect(await (await ana.call('/api/admin/due')).json()).toEqual({ overdue: 2, today: 3 });
    // In Tokyo it is already the afternoon of the 11th: the same follow-ups, another day's end.
    expect((await ana.call('/api/admin/me', { method: 'PATCH', body: { timeZone: 'Asia/Tokyo' } })).status).toBe(204);
    clock = Date.parse('2026-03-10T15:00:00Z'); // 00:00 on the 11th in Tokyo
    expect(await (await ana.call('/api/admin/due')).json()).toEqual({ overdue: 1, today: 3 });
    expect((await ana.call('/api/admin/me', { method: 'PATCH', body: { timeZone: null } })).status).toBe(204);
  });

  it("filters dates by the operator's days", async () => {
    // Leads 1–4 arrived on 1 March UTC between 01:00 and 04:00: still 28 February in Bogotá (UTC−5).
    expect(await names('?from=2026-02-28&to=2026-02-28&sort=received&dir=asc')).toEqual(['Lead 1', 'Lead 2', 'Lead 3', 'Lead 4']);
    expect((await ana.call('/api/admin/me', { method: 'PATCH', body: { timeZone: 'UTC' } })).status).toBe(204);
    expect(await names('?from=2026-02-28&to=2026-02-28')).toEqual([]);
    expect((await ana.call('/api/admin/me', { method: 'PATCH', body: { timeZone: null } })).status).toBe(204);
  });
});

describe('sorting', () => {
  const walk = async (query: string) => {
    const seen: Item[] = [];
    let next: string | null = '';
    while (next !== null) {
      const page: Page = await list(`${query}${next ? `&after=${next}` : ''}`);
      seen.push(...page.items);
      next = page.next;
    }
    return seen;
  };

  it('walks every page by status (workflow order, the oldest first) and by follow-up (the soonest first, none last)', async () => {
    for (const [name, status] of [
      ['Lead 40', 'qualified'],
      ['Lead 41', 'contacted'],
      ['Lead 42', 'lost'],
      ['Lead 43', 'spam'],
    ] as const)
      expect((await patch(ids[name]!, { status })).status).toBe(204);
    // "All" is every status but spam, which is its own filter.
    const byStatus = await walk('?sort=status');
    expect(byStatus).toHaveLength(59);
    expect(new Set(byStatus.map((item) => item.id)).size).toBe(59);
    expect(byStatus.slice(-5).map((item) => [item.name, item.status])).toEqual([
      ['Lead 60', 'new'],
      ['Lead 41', 'contacted'],
      ['Lead 40', 'qualified'],
      ['Lead 7', 'won'],
      ['Lead 42', 'lost'],
    ]);
    expect((await walk('?sort=status&status=spam')).map((item) => item.name)).toEqual(['Lead 43']);
    expect(byStatus[0]!.name).toBe('Lead 1');
    const backwards = await walk('?sort=status&dir=desc');
    expect(backwards.map((item) => item.id)).toEqual(byStatus.map((item) => item.id).reverse());
    const byFollowUp = await walk('?sort=follow_up');
    expect(byFollowUp.slice(0, 5).map((item) => item.name)).toEqual(['Lead 7', 'Lead 3', 'Lead 1', 'Lead 5', 'Lead 6']);
    expect(byFollowUp.slice(5).every((item) => item.follow_up_at === null)).toBe(true);
    expect(new Set(byFollowUp.map((item) => item.id)).size).toBe(59);
  });

  it("walks every page by the estimate's value (the highest first, then the lowest first), the leads without one last both ways", async () => {
    for (const [name, value] of [
      ['Lead 10', 1500],
      ['Lead 20', 250000.5],
      ['Lead 30', 1500],
      ['Lead 55', 80],
    ] as const)
      await local.api.db.query('update lead set value_usd = $2 where id = $1', [ids[name], value]);
    const unvalued = Array.from({ length: 60 }, (_, i) => `Lead ${i + 1}`).filter(
      // Lead 43 is spam (the test above): not in "All".
      (name) => !['Lead 10', 'Lead 20', 'Lead 30', 'Lead 55', 'Lead 43'].includes(name),
    );
    // Ties (the two at 1,500) and the leads without a value follow the direction by their arrival.
    const highest = await walk('?sort=value');
    expect(highest.map((item) => [item.name, item.value_usd])).toEqual([
      ['Lead 20', 250000.5],
      ['Lead 30', 1500],
      ['Lead 10', 1500],
      ['Lead 55', 80],
      ...unvalued.toReversed().map((name) => [name, null]),
    ]);
    const lowest = await walk('?sort=value&dir=asc');
    expect(lowest.map((item) => [item.name, item.value_usd])).toEqual([
      ['Lead 55', 80],
      ['Lead 10', 1500],
      ['Lead 30', 1500],
      ['Lead 20', 250000.5],
      ...unvalued.map((name) => [name, null]),
    ]);
    // Each direction walks its own index (migration 102), not the whole table sorted.
    for (const [dir, index] of [
      ['desc', 'lead_by_value'],
      ['asc', 'lead_by_value_up'],
    ] as const) {
      const sql = `explain select id from lead order by ${dir === 'desc' ? 'coalesce(value_usd, -1)' : "coalesce(value_usd, 'infinity'::numeric)"} ${dir}, created_at ${dir}, id ${dir} limit 51`;
      await local.api.db.exec('set enable_seqscan = off');
      const plan = (await local.api.db.query<{ 'QUERY PLAN': string }>(sql)).map((row) => row['QUERY PLAN']).join('\n');
      await local.api.db.exec('reset enable_seqscan');
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Sort Key/);
    }
  });

  it('refuses an unknown sort, and a cursor given for another sort', async () => {
    expect((await ana.call('/api/admin/leads?sort=value_usd')).status).toBe(400);
    const { next } = await list('?sort=status');
    expect((await ana.call(`/api/admin/leads?sort=received&after=${next}`)).status).toBe(400);
    const { next: highest } = await list('?sort=value');
    expect((await ana.call(`/api/admin/leads?sort=value&dir=asc&after=${highest}`)).status).toBe(400);
  });
});

describe('the first words', () => {
  it('name the choices in both languages and collapse the spaces', async () => {
    const reportId = await insertReport(local.api.db);
    const items = (await list('?q=lead 3')).items.concat((await list('?kind=report')).items);
    expect(items.find((item) => item.name === 'Lead 3')!.readable).toEqual({
      es: 'Proveedor: Casa de dos pisos',
      en: 'Supplier: Casa de dos pisos',
    });
    expect(items.find((item) => item.id === reportId)!.readable).toEqual({
      es: 'Vivienda, Medellín, Colombia. Ascensor, Sótano',
      en: 'Housing, Medellín, Colombia. Lift, Basement',
    });
  });
});
