// Deals over real HTTP (issue 40): a lead opens a deal, it moves through the pipeline, is won or
// lost with a reason, each step on the lead's timeline; bad amounts, currencies, dates and stale
// moves are refused with nothing stored; admins rename, reorder, add and remove stages, agents
// cannot; the board's columns count and total per currency and filter; the revenue route sums won
// deals and weighs open ones. Refusals without a session or CSRF token, and stored XSS as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardColumn, DealCard, DealStage, RevenueFigures } from '@obra/schema/admin-contract';
import { BOARD_PAGE } from '@obra/schema/console';
import { createOperator, insertReport, signInAs, type Session } from './support/admin.ts';
import { startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
let leads: string[];
let stages: DealStage[];
const clock = Date.parse('2026-03-10T15:00:00Z');
const XSS = '<img src=x onerror=alert(1)>"><script>alert(2)</script>';

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const open = (lead: string, body: unknown, session = ana) => session.call(`/api/admin/leads/${lead}/deals`, { method: 'POST', body });
const patch = (id: string, body: unknown, session = ana) => session.call(`/api/admin/deals/${id}`, { method: 'PATCH', body });
const stage = (en: string) => stages.find((s) => s.names.en === en)!.id;
const boardOf = async (query = '') => (await json<{ columns: BoardColumn[] }>(await ana.call(`/api/admin/board${query}`))).columns;
const timeline = async (lead: string) =>
  (await json<{ timeline: { type: string; detail: string }[] }>(await ana.call(`/api/admin/leads/${lead}`))).timeline.filter((e) =>
    e.type.startsWith('deal.'),
  );
const dealCount = async () => (await local.api.db.query<{ n: number }>('select count(*)::int as n from deal'))[0]!.n;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' }, undefined, { now: () => clock });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  const report = await insertReport(local.api.db, { nombre: 'Rosa Informe' });
  await local.api.db.query(
    `update lead set estimate = '{"low":1,"expected":1500000,"high":2,"currency":"USD","weeks":30,"drivers":[],"country":"CO","fallback":false}' where id = $1`,
    [report],
  );
  await local.api.db.query(
    `insert into contact (name, email, message, request_hash, lang) select 'Cliente ' || n, 'c' || n || '@example.com', 'Hola', 'h', 'es' from generate_series(1, 4) n`,
  );
  leads = (await local.api.db.query<{ id: string }>("select id from lead order by kind = 'report' desc, name")).map((row) => row.id);
  stages = (await json<{ stages: DealStage[] }>(await luis.call('/api/admin/deal-stages'))).stages;
});
afterAll(() => local.close());

describe('the default pipeline', () => {
  it('has the construction stages in order, won and lost last, in es and en', () => {
    expect(stages.map((s) => [s.names.en, s.outcome, s.probability])).toEqual([
      ['New', 'open', 10],
      ['Contacted', 'open', 20],
      ['Site visit', 'open', 40],
      ['Quote sent', 'open', 60],
      ['Negotiation', 'open', 80],
      ['Won', 'won', 100],
      ['Lost', 'lost', 0],
    ]);
    expect(stages.map((s) => s.names.es)).toContain('Visita de obra');
  });
});

describe('a deal', () => {
  let deal: DealCard;

  it('opens on a lead in the first stage, owned by whoever opened it, with the lead’s country; the timeline says so', async () => {
    deal = await json<DealCard>(
      await open(leads[0]!, { amount: 1500000, currency: 'USD', closeDate: '2026-06-30', title: 'Casa Medellín' }),
      201,
    );
    expect(deal).toMatchObject({
      name: 'Rosa Informe',
      kind: 'report',
      stage_id: stage('New'),
      amount: 1500000,
      currency: 'USD',
      close_date: '2026-06-30',
      owner_email: 'ana@example.com',
      version: 1,
    });
    expect(await local.api.db.query('select country from deal where id = $1', [deal.id])).toEqual([{ country: 'CO' }]);
    expect(await timeline(leads[0]!)).toEqual([
      { type: 'deal.opened', detail: '1500000 USD 2026-06-30', id: expect.any(String), at: expect.any(String), actor: 'ana@example.com' },
    ]);
    const { deals } = await json<{ deals: DealCard[] }>(await luis.call(`/api/admin/leads/${leads[0]}/deals`));
    expect(deals.map((d) => d.id)).toEqual([deal.id]);
  });

  it('moves across stages (an event each), and a move from an older version is refused with 409', async () => {
    deal = await json<DealCard>(await patch(deal.id, { version: 1, stageId: stage('Site visit') }));
    expect(deal.version).toBe(2);
    const stale = await patch(deal.id, { version: 1, stageId: stage('Quote sent') });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'stale' });
    expect((await local.api.db.query<{ stage_id: string }>('select stage_id from deal where id = $1', [deal.id]))[0]!.stage_id).toBe(
      stage('Site visit'),
    );
    deal = await json<DealCard>(await patch(deal.id, { version: 2, stageId: stage('Quote sent') }, luis));
    expect((await timeline(leads[0]!)).map((e) => [e.type, e.detail])).toEqual([
      ['deal.opened', '1500000 USD 2026-06-30'],
      ['deal.moved', 'Visita de obra\nSite visit'],
      ['deal.moved', 'Cotización enviada\nQuote sent'],
    ]);
  });

  it('is won: its close date becomes the company’s today, its amount counts as revenue', async () => {
    deal = await json<DealCard>(await patch(deal.id, { version: deal.version, stageId: stage('Won'), amount: 1450000.5 }));
    expect(deal).toMatchObject({ close_date: '2026-03-10', amount: 1450000.5 });
    expect((await timeline(leads[0]!)).slice(3).map((e) => [e.type, e.detail])).toEqual([
      ['deal.won', '1450000.5 USD 2026-03-10'],
      ['deal.changed', '1450000.5 USD 2026-03-10'],
    ]);
    const figures = await json<RevenueFigures>(await ana.call('/api/admin/revenue'));
    expect(figures.month).toBe('2026-03-01');
    expect(figures.won).toEqual([{ month: '2026-03-01', currency: 'USD', amount: 1450000.5, count: 1 }]);
  });

  it('is lost only with a reason from the list, kept with its note; leaving lost clears them', async () => {
    const other = await json<DealCard>(await open(leads[1]!, { amount: 80000000, currency: 'COP', closeDate: '2026-04-15' }), 201);
    const without = await patch(other.id, { version: 1, stageId: stage('Lost') });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ code: 'lost-reason' });
    const unknown = await patch(other.id, { version: 1, stageId: stage('Lost'), lostReason: 'bored' });
    expect(await unknown.json()).toMatchObject({ code: 'lost-reason' });
    const lost = await json<DealCard>(
      await patch(other.id, { version: 1, stageId: stage('Lost'), lostReason: 'competitor', lostNote: 'Otro constructor' }),
    );
    expect(lost).toMatchObject({ lost_reason: 'competitor', lost_note: 'Otro constructor', close_date: '2026-03-10' });
    expect((await timeline(leads[1]!)).at(-1)).toMatchObject({ type: 'deal.lost', detail: 'competitor\nOtro constructor' });
    const back = await json<DealCard>(await patch(other.id, { version: 2, stageId: stage('Negotiation') }));
    expect(back).toMatchObject({ lost_reason: null, lost_note: '' });
  });

  it('refuses a bad amount, currency, date, stage or owner with a 400 and its code, storing nothing', async () => {
    const before = await dealCount();
    const cases: [unknown, string][] = [
      [{ amount: -1, currency: 'USD', closeDate: '2026-06-30' }, 'amount'],
      [{ amount: 1.234, currency: 'USD', closeDate: '2026-06-30' }, 'amount'],
      [{ amount: '100', currency: 'USD', closeDate: '2026-06-30' }, 'amount'],
      [{ amount: 1e13, currency: 'USD', closeDate: '2026-06-30' }, 'amount'],
      [{ amount: 100, currency: 'usd', closeDate: '2026-06-30' }, 'currency'],
      [{ amount: 100, currency: 'DOLLARS', closeDate: '2026-06-30' }, 'currency'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-02-30' }, 'close-date'],
      [{ amount: 100, currency: 'USD', closeDate: '30/06/2026' }, 'close-date'],
      [{ amount: 100, currency: 'USD', closeDate: '1999-06-30' }, 'close-date'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-06-30', stageId: 'nope' }, 'stage'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-06-30', stageId: '00000000-0000-4000-8000-000000000000' }, 'stage'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-06-30', stageId: stages.at(-2)!.id }, 'stage'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-06-30', owner: '00000000-0000-4000-8000-000000000000' }, 'owner'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-06-30', title: 'a\u0000b' }, 'characters'],
      [{ amount: 100, currency: 'USD', closeDate: '2026-06-30', title: 'x'.repeat(201) }, 'title'],
    ];
    for (const [body, code] of cases) {
      const response = await open(leads[2]!, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    expect(await dealCount()).toBe(before);
    expect(await timeline(leads[2]!)).toEqual([]);
    expect((await open('00000000-0000-4000-8000-000000000000', { amount: 1, currency: 'USD', closeDate: '2026-06-30' })).status).toBe(404);
  });

  it('keeps every free text as typed: title, lost note and stage names come back as text', async () => {
    const deal = await json<DealCard>(await open(leads[3]!, { amount: 10, currency: 'EUR', closeDate: '2026-05-01', title: XSS }), 201);
    expect(deal.title).toBe(XSS);
    const lost = await json<DealCard>(await patch(deal.id, { version: 1, stageId: stage('Lost'), lostReason: 'other', lostNote: XSS }));
    expect(lost.lost_note).toBe(XSS);
    const body = { stages: stages.map((s) => ({ id: s.id, es: s.names.es, en: s.names.en, probability: s.probability })) };
    body.stages[0]!.es = '<b>Nuevo</b>';
    const saved = await json<{ stages: DealStage[] }>(await ana.call('/api/admin/deal-stages', { method: 'PUT', body }));
    expect(saved.stages[0]!.names.es).toBe('<b>Nuevo</b>');
    body.stages[0]!.es = 'Nuevo';
    await json(await ana.call('/api/admin/deal-stages', { method: 'PUT', body }));
  });
});

describe('the pipeline’s stages', () => {
  it('are renamed, reordered, added and removed by an admin; won and lost stay last', async () => {
    const [first, second, ...rest] = stages;
    const body = {
      stages: [
        { id: second!.id, es: 'Contactado', en: 'Reached', probability: 25 },
        { id: first!.id, es: 'Nuevo', en: 'New', probability: 10 },
        { es: 'Diseño', en: 'Design', probability: 30 },
        ...rest.map((s) => ({ id: s.id, es: s.names.es, en: s.names.en, probability: 50 })),
      ].reverse(),
    };
    // Given in reverse: the open ones take that order, won and lost still come last (at 100 and 0).
    const saved = (await json<{ stages: DealStage[] }>(await ana.call('/api/admin/deal-stages', { method: 'PUT', body }))).stages;
    expect(saved.map((s) => [s.names.en, s.probability])).toEqual([
      ['Negotiation', 50],
      ['Quote sent', 50],
      ['Site visit', 50],
      ['Design', 30],
      ['New', 10],
      ['Reached', 25],
      ['Won', 100],
      ['Lost', 0],
    ]);
    // The new stage is removed again by leaving it out (it holds no deal), and the first order comes back.
    const kept = new Map(saved.map((s) => [s.id, s]));
    const without = {
      stages: stages.map((s) => kept.get(s.id)!).map((s) => ({ id: s.id, es: s.names.es, en: s.names.en, probability: s.probability })),
    };
    const back = (await json<{ stages: DealStage[] }>(await ana.call('/api/admin/deal-stages', { method: 'PUT', body: without }))).stages;
    expect(back.map((s) => s.names.en)).toEqual(['New', 'Reached', 'Site visit', 'Quote sent', 'Negotiation', 'Won', 'Lost']);
  });

  it('refuses to remove a stage that holds deals, or won and lost, and a bad name; nothing changes', async () => {
    const now = (await json<{ stages: DealStage[] }>(await ana.call('/api/admin/deal-stages'))).stages;
    const snapshot = JSON.stringify(now);
    const keep = (s: DealStage) => ({ id: s.id, es: s.names.es, en: s.names.en, probability: s.probability });
    const holding = now.find((s) => s.names.en === 'Negotiation')!;
    expect(holding.deals).toBe(1);
    const busy = await ana.call('/api/admin/deal-stages', { method: 'PUT', body: { stages: now.filter((s) => s !== holding).map(keep) } });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: 'stage-has-deals' });
    const noWon = await ana.call('/api/admin/deal-stages', {
      method: 'PUT',
      body: { stages: now.filter((s) => s.outcome !== 'won').map(keep) },
    });
    expect(await noWon.json()).toMatchObject({ code: 'terminal' });
    for (const [stages, code] of [
      [[...now.map(keep), { es: '', en: 'Empty', probability: 10 }], 'stage-name'],
      // A stage needs a name in every language: none is filled in from another.
      [[...now.map(keep), { es: 'Sin inglés', probability: 10 }], 'stage-name'],
      [[...now.map(keep), { es: 'a\u202eb', en: 'Bidi', probability: 10 }], 'characters'],
      [[...now.map(keep), { es: 'Más', en: 'More', probability: 101 }], 'probability'],
      [[...now.map(keep), { id: 'x', es: 'Más', en: 'More', probability: 10 }], 'stage'],
    ] as const) {
      const response = await ana.call('/api/admin/deal-stages', { method: 'PUT', body: { stages } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    expect(JSON.stringify((await json<{ stages: DealStage[] }>(await ana.call('/api/admin/deal-stages'))).stages)).toBe(snapshot);
  });

  it('are an admin’s to change: an agent gets 403 and nothing changes', async () => {
    const response = await luis.call('/api/admin/deal-stages', { method: 'PUT', body: { stages: [{ es: 'X', en: 'X', probability: 1 }] } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'role' });
  });
});

describe('the board', () => {
  beforeAll(async () => {
    // Two more deals in New, in two currencies, one owned by Luis.
    const luisId = (await local.api.db.query<{ id: string }>("select id from admin_user where email = 'luis@example.com'"))[0]!.id;
    await json(await open(leads[2]!, { amount: 200, currency: 'EUR', closeDate: '2026-04-01', owner: luisId }), 201);
    await json(await open(leads[4]!, { amount: 300.5, currency: 'USD', closeDate: '2026-07-01' }), 201);
    stages = (await json<{ stages: DealStage[] }>(await ana.call('/api/admin/deal-stages'))).stages;
  });

  it('has a column per stage with its count and totals per currency, never added across currencies', async () => {
    const columns = await boardOf();
    expect(columns.map((c) => c.stageId)).toEqual(stages.map((s) => s.id));
    const byName = (en: string) => columns.find((c) => c.stageId === stage(en))!;
    expect(byName('New')).toMatchObject({
      count: 2,
      totals: [
        { currency: 'EUR', amount: 200 },
        { currency: 'USD', amount: 300.5 },
      ],
      next: null,
    });
    expect(
      byName('New')
        .items.map((d) => d.name)
        .sort(),
    ).toEqual(['Cliente 2', 'Cliente 4']);
    expect(byName('Won')).toMatchObject({ count: 1, totals: [{ currency: 'USD', amount: 1450000.5 }] });
    expect(byName('Negotiation')).toMatchObject({ count: 1, totals: [{ currency: 'COP', amount: 80000000 }] });
  });

  it('filters by owner (mine, nobody’s), kind, country, partner and text, totals included', async () => {
    const count = (columns: BoardColumn[]) => columns.reduce((n, c) => n + c.count, 0);
    const cards = (columns: BoardColumn[]) => columns.flatMap((c) => c.items.map((d) => d.name)).sort();
    expect(cards(await boardOf('?owner=me'))).toEqual(['Cliente 1', 'Cliente 3', 'Cliente 4', 'Rosa Informe']);
    expect(count(await boardOf('?owner=none'))).toBe(0);
    const luisBoard = (await json<{ columns: BoardColumn[] }>(await luis.call('/api/admin/board?owner=me'))).columns;
    expect(cards(luisBoard)).toEqual(['Cliente 2']);
    expect(luisBoard.find((c) => c.count)!.totals).toEqual([{ currency: 'EUR', amount: 200 }]);
    expect(cards(await boardOf('?kind=report'))).toEqual(['Rosa Informe']);
    expect(cards(await boardOf('?country=co'))).toEqual(['Rosa Informe']);
    expect(count(await boardOf('?partner=socio1'))).toBe(0);
    expect(cards(await boardOf('?q=cliente%204'))).toEqual(['Cliente 4']);
    expect(cards(await boardOf('?q=rosa%40example'))).toEqual(['Rosa Informe']);
    for (const query of ['?owner=someone', '?kind=x', '?country=COL', '?partner=a b', '?stage=x'])
      expect((await ana.call(`/api/admin/board${query}`)).status, query).toBe(400);
  });

  it('pages a column by its cursor, BOARD_PAGE cards at a time', async () => {
    await local.api.db.query(
      `insert into deal (lead_id, stage_id, amount, currency, close_date, kind, stage_at)
       select $1, $2, 1, 'USD', '2026-05-01', 'contact', timestamptz '2026-01-01' + make_interval(mins => n) from generate_series(1, 60) n`,
      [leads[4], stage('Site visit')],
    );
    const [column] = await boardOf(`?stage=${stage('Site visit')}`);
    expect(column).toMatchObject({ count: 60, totals: [{ currency: 'USD', amount: 60 }] });
    const seen = [...column!.items];
    let next = column!.next;
    while (next) {
      const [page] = await boardOf(`?stage=${stage('Site visit')}&after=${next}`);
      seen.push(...page!.items);
      next = page!.next;
    }
    expect(column!.items).toHaveLength(BOARD_PAGE);
    // Latest in the stage first, each once.
    expect(seen.map((d) => d.stage_at)).toEqual(
      seen
        .map((d) => d.stage_at)
        .sort()
        .reverse(),
    );
    expect(new Set(seen.map((d) => d.id)).size).toBe(60);
    // A text search matching them, and a kind filter (both under the count cap, so ranked among
    // their matches), page them in the same order.
    for (const filter of ['q=cliente%204', 'kind=contact']) {
      const filtered: DealCard[] = [];
      let after = '';
      do {
        const [page] = await boardOf(`?${filter}&stage=${stage('Site visit')}${after && `&after=${after}`}`);
        filtered.push(...page!.items);
        after = page!.next ?? '';
      } while (after);
      expect(
        filtered.map((d) => d.id),
        filter,
      ).toEqual(seen.map((d) => d.id));
    }
    await local.api.db.query('delete from deal where stage_id = $1', [stage('Site visit')]);
  });

  it('caps a filtered board’s counts and totals (capped, each "at least"), its cards still the latest matching', async () => {
    const anaId = (await local.api.db.query<{ id: string }>("select id from admin_user where email = 'ana@example.com'"))[0]!.id;
    await local.api.db.query(
      `insert into deal (lead_id, stage_id, amount, currency, close_date, kind, owner, stage_at)
       select $1, case when n % 2 = 0 then $2::uuid else $3::uuid end, 1, 'USD', '2026-05-01', 'contact', $4::uuid, timestamptz '2026-01-01' + make_interval(mins => n)
       from generate_series(1, 2500) n`,
      [leads[4], stage('Site visit'), stage('Quote sent'), anaId],
    );
    const read = async (query: string) => json<{ columns: BoardColumn[]; capped: boolean }>(await ana.call(`/api/admin/board${query}`));
    const whole = await read('');
    const all = whole.columns.reduce((n, c) => n + c.count, 0);
    expect(whole.capped).toBe(false);
    expect(all).toBe(await dealCount());
    for (const query of ['?q=cliente%204', '?owner=me', '?kind=contact']) {
      const { columns, capped } = await read(query);
      expect(capped, query).toBe(true);
      const counted = columns.reduce((n, c) => n + c.count, 0);
      expect(counted, query).toBeLessThan(all);
      // The totals cover the deals counted (1 USD each here, the others' amounts aside).
      const visit = columns.find((c) => c.stageId === stage('Site visit'))!;
      expect(visit.totals, query).toEqual([{ currency: 'USD', amount: visit.count }]);
      // The cards are the latest of the stage, as without the cap.
      expect(visit.items.map((d) => d.stage_at)[0], query).toBe(
        whole.columns.find((c) => c.stageId === stage('Site visit'))!.items[0]!.stage_at,
      );
      expect(visit.items, query).toHaveLength(BOARD_PAGE);
    }
    // A filter matching a few deals stays exact.
    expect((await read('?kind=report')).capped).toBe(false);
    await local.api.db.query("delete from deal where lead_id = $1 and stage_at < '2026-02-01'", [leads[4]]);
  });
});

describe('the revenue route', () => {
  it('weighs open deals by their stage’s probability, by expected close month, per currency', async () => {
    const { forecast } = await json<RevenueFigures>(await ana.call('/api/admin/revenue'));
    // New (10 %): 200 EUR in April, 300.5 USD in July; Negotiation: 80,000,000 COP closing on the day it was lost (then moved back), this month.
    const negotiation = stages.find((s) => s.names.en === 'Negotiation')!.probability;
    expect(forecast).toEqual([
      { month: '2026-03-01', currency: 'COP', amount: 80000000, weighted: (80000000 * negotiation) / 100, count: 1 },
      { month: '2026-04-01', currency: 'EUR', amount: 200, weighted: 20, count: 1 },
      { month: '2026-07-01', currency: 'USD', amount: 300.5, weighted: 30.05, count: 1 },
    ]);
  });
});

describe('the refusals', () => {
  it('answers 401 without a session and 403 without the CSRF token, storing nothing', async () => {
    const before = await dealCount();
    for (const [method, path] of [
      ['GET', '/api/admin/board'],
      ['GET', '/api/admin/deal-stages'],
      ['GET', '/api/admin/revenue'],
      ['POST', `/api/admin/leads/${leads[1]}/deals`],
      ['PUT', '/api/admin/deal-stages'],
    ])
      expect((await fetch(`${local.base}${path}`, { method, headers: { origin: local.base } })).status, path).toBe(401);
    const [deal] = await local.api.db.query<{ id: string }>('select id from deal limit 1');
    for (const [method, path, body] of [
      ['POST', `/api/admin/leads/${leads[1]}/deals`, { amount: 1, currency: 'USD', closeDate: '2026-06-30' }],
      ['PATCH', `/api/admin/deals/${deal!.id}`, { version: 1, amount: 5 }],
      ['PUT', '/api/admin/deal-stages', { stages: [] }],
    ] as const)
      expect((await ana.call(path, { method, body, headers: { 'x-csrf-token': '' } })).status, path).toBe(403);
    expect(await dealCount()).toBe(before);
  });
});
