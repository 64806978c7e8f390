// Deals (issue 40): a lead opens deals; each sits in a stage of the pipeline with an amount in a
// currency, an expected close date and an owner; the board lists them a column per stage with its
// count and totals per currency; the dashboard reads won revenue and the forecast. Every change is
// a timeline event on the lead; a change made from an older version of the deal is refused (409).
// docs/operators/console.md#deals says what operators see.
import type { AdminQueryChecked, BoardColumn, DealCard, DealStage, RevenueFigures } from '@obra/schema/admin-contract';
import { inEveryLang, perLang } from '@obra/schema';
import { BOARD_PAGE, type DealOutcome } from '@obra/schema/console';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteHandler } from './context.ts';
import { decodeCursor, encodeCursor, whereBuilder, type Cursor } from './filter.ts';
import { recordEvent } from './lead-changes.ts';
import { COUNT_CAP } from './paged-list.ts';

/** A deal's card: the columns read for the board and the lead's page (`d` the deal, `l` its lead). */
const CARD = `d.id, d.lead_id, l.name, d.kind, d.stage_id, d.title, d.amount::float8 as amount, d.currency, d.close_date::text as close_date,
  d.owner, (select email from admin_user u where u.id = d.owner) as owner_email, d.lost_reason, d.lost_note, d.version, d.stage_at`;

/** A pipeline stage as read. @table deal_stage */
interface StageRow {
  id: string;
  outcome: DealOutcome;
  /** The stage's name per language code (migration 120); read through inEveryLang. */
  names: Partial<Record<string, string>>;
  probability: number;
  position: number;
}

/** The first open stage, where a deal opens when none is given. */
const FIRST_OPEN = "select id, outcome from deal_stage where outcome = 'open' order by position limit 1";

const stagesOf = (db: Queryable) =>
  db.query<StageRow>('select id, outcome, names, probability, position from deal_stage order by position');

/** Every stage in order, with its number of deals (from the tally). */
async function stageList(db: Queryable): Promise<DealStage[]> {
  const rows = await db.query<Omit<StageRow, 'position'> & { deals: number }>(
    `select s.id, s.outcome, s.names, s.probability, coalesce((select sum(n) from deal_tally t where t.stage_id = s.id), 0)::int as deals
     from deal_stage s order by s.position`,
  );
  return rows.map(({ id, outcome, names, probability, deals }) => ({
    id,
    outcome,
    names: inEveryLang(names),
    probability,
    deals,
  }));
}

/** An operator's id or null; 400 `owner` for anything else, such as a removed operator. */
async function checkOwner(db: Queryable, value: string | null): Promise<string | null> {
  if (value === null) return null;
  if (!(await db.query('select 1 from admin_user where id::text = $1', [value])).length)
    throw new HttpError(400, 'owner must be the id of a user, or null.', { body: { code: 'owner' } });
  return value;
}

const stageOf = async (db: Queryable, id: string) => {
  const [stage] = await db.query<StageRow>('select id, outcome, names, probability, position from deal_stage where id = $1', [id]);
  if (!stage) throw new HttpError(400, 'stageId must be a stage of the pipeline.', { body: { code: 'stage' } });
  return stage;
};

const cardOf = async (db: Queryable, id: string) =>
  (await db.query<DealCard>(`select ${CARD} from deal d join lead l on l.id = d.lead_id where d.id = $1`, [id]))[0]!;

/** The company's today (YYYY-MM-DD): the day a deal is won or lost on. */
const today = async (db: Queryable, now: Date) =>
  (
    await db.query<{ day: string }>('select ($1::timestamptz at time zone time_zone)::date::text as day from console_setting', [
      now.toISOString(),
    ])
  )[0]!.day;

/** The detail of a deal's amount event: "amount currency close-date" (the console formats it). */
const amountDetail = (deal: { amount: number; currency: string; close_date: string }) =>
  `${deal.amount} ${deal.currency} ${deal.close_date}`;

/** GET /api/admin/deal-stages: the pipeline. */
export const listStages: RouteHandler<'GET deal-stages'> = async ({ db }) => ({ status: 200, body: { stages: await stageList(db) } });

/**
 * PUT /api/admin/deal-stages (admins): the whole pipeline in order. Listed stages are renamed and
 * reordered, new ones added, open ones left out removed (409 `stage-has-deals` while one holds a
 * deal); won and lost must be listed and stay last.
 */
export const saveStages: RouteHandler<'PUT deal-stages'> = async ({ db, body }) => {
  await db.transaction(async (tx) => {
    // One change of the pipeline at a time.
    await tx.query('lock table deal_stage in share row exclusive mode');
    const stored = new Map((await stagesOf(tx)).map((stage) => [stage.id, stage]));
    for (const stage of body.stages)
      if (stage.id && !stored.has(stage.id))
        throw new HttpError(400, 'A stage id is not one of the pipeline.', { body: { code: 'stage' } });
    const listed = new Set(body.stages.map((stage) => stage.id));
    for (const stage of stored.values())
      if (stage.outcome !== 'open' && !listed.has(stage.id))
        throw new HttpError(400, 'The won and lost stages stay: list them too.', { body: { code: 'terminal' } });
    const open = body.stages.filter((stage) => !stage.id || stored.get(stage.id)!.outcome === 'open');
    if (!open.length) throw new HttpError(400, 'Keep at least one open stage.', { body: { code: 'stages' } });
    const removed = [...stored.values()].filter((stage) => stage.outcome === 'open' && !listed.has(stage.id)).map((stage) => stage.id);
    if (removed.length && (await tx.query('select 1 from deal where stage_id = any($1) limit 1', [removed])).length)
      throw new HttpError(409, 'A stage left out still holds deals: move them first.', { body: { code: 'stage-has-deals' } });
    await tx.query('delete from deal_stage where id = any($1)', [removed]);
    const terminal = body.stages.filter((stage) => stage.id && stored.get(stage.id)!.outcome !== 'open');
    // Open stages in the given order, then won and lost; their probabilities are 100 and 0.
    const ordered = [...open, ...terminal.sort((a, b) => stored.get(a.id!)!.position - stored.get(b.id!)!.position)];
    for (const [i, stage] of ordered.entries()) {
      const outcome = stage.id ? stored.get(stage.id)!.outcome : 'open';
      const probability = outcome === 'won' ? 100 : outcome === 'lost' ? 0 : stage.probability;
      const names = JSON.stringify(perLang((lang) => stage[lang]));
      if (stage.id)
        await tx.query('update deal_stage set position = $2, names = $3::jsonb, probability = $4 where id = $1', [
          stage.id,
          i + 1,
          names,
          probability,
        ]);
      else await tx.query('insert into deal_stage (position, names, probability) values ($1, $2::jsonb, $3)', [i + 1, names, probability]);
    }
  });
  return { status: 200, body: { stages: await stageList(db) } };
};

/** GET /api/admin/leads/:id/deals: the lead's deals, oldest first. */
export const leadDeals: RouteHandler<'GET leads/:id/deals'> = async ({ db, id }) => {
  if (!(await db.query('select 1 from lead where id = $1', [id])).length) throw new HttpError(404, 'There is no such lead.');
  const deals = await db.query<DealCard>(
    `select ${CARD} from deal d join lead l on l.id = d.lead_id where d.lead_id = $1 order by d.created_at, d.id`,
    [id],
  );
  return { status: 200, body: { deals } };
};

/** POST /api/admin/leads/:id/deals: opens a deal on the lead (201); its timeline says so. */
export const openDeal: RouteHandler<'POST leads/:id/deals'> = async ({ db, id, body, operator }) => {
  const dealId = await db.transaction(async (tx) => {
    const [lead] = await tx.query<{ id: string }>('select id from lead where id = $1 for update', [id]);
    if (!lead) throw new HttpError(404, 'There is no such lead.');
    const stage = body.stageId ? await stageOf(tx, body.stageId) : (await tx.query<Pick<StageRow, 'id' | 'outcome'>>(FIRST_OPEN))[0]!;
    if (stage.outcome !== 'open') throw new HttpError(400, 'A deal opens in an open stage.', { body: { code: 'stage' } });
    const owner = body.owner === undefined ? operator.id : await checkOwner(tx, body.owner);
    const [row] = await tx.query<{ id: string }>(
      `insert into deal (lead_id, stage_id, title, amount, currency, close_date, owner, kind, partner_code, country)
       select l.id, $2, $3, $4, $5, $6, $7, l.kind, l.partner_code, l.estimate->>'country' from lead l where l.id = $1 returning id`,
      [id, stage.id, body.title, body.amount, body.currency, body.closeDate, owner],
    );
    await recordEvent(
      tx,
      id,
      operator,
      'deal.opened',
      amountDetail({ amount: body.amount, currency: body.currency, close_date: body.closeDate }),
    );
    return row!.id;
  });
  return { status: 201, body: await cardOf(db, dealId) };
};

/**
 * PATCH /api/admin/deals/:id: changes or moves the deal read at `version` (409 `stale` otherwise).
 * A move to won or lost sets its close date to the company's today (unless given); lost needs a
 * reason; leaving lost clears it. Each move, win, loss and other change is a timeline event.
 */
export const updateDeal: RouteHandler<'PATCH deals/:id'> = async ({ db, id, body, operator, now }) => {
  await db.transaction(async (tx) => {
    const [deal] = await tx.query<{
      lead_id: string;
      stage_id: string;
      version: number;
      lost_reason: string | null;
      amount: number;
      currency: string;
      close_date: string;
    }>(
      'select lead_id, stage_id, version, lost_reason, amount::float8 as amount, currency, close_date::text as close_date from deal where id = $1 for update',
      [id],
    );
    if (!deal) throw new HttpError(404, 'There is no such deal.', { body: { code: 'gone' } });
    if (deal.version !== body.version)
      throw new HttpError(409, 'Someone changed this deal since you read it; read it again.', { body: { code: 'stale' } });
    const stage = await stageOf(tx, body.stageId ?? deal.stage_id);
    const moved = stage.id !== deal.stage_id;
    const lostReason = stage.outcome === 'lost' ? (body.lostReason ?? deal.lost_reason) : null;
    if (stage.outcome === 'lost' && !lostReason)
      throw new HttpError(400, 'A lost deal needs lostReason.', { body: { code: 'lost-reason' } });
    const owner = body.owner === undefined ? undefined : await checkOwner(tx, body.owner);
    const closeDate = body.closeDate ?? (moved && stage.outcome !== 'open' ? await today(tx, now()) : deal.close_date);
    const [after] = await tx.query<{ amount: number; currency: string; close_date: string }>(
      `update deal set stage_id = $2, title = coalesce($3, title), amount = coalesce($4, amount), currency = coalesce($5, currency), close_date = $6,
         owner = case when $7 then $8::uuid else owner end, lost_reason = $9, lost_note = case when $9::text is null then '' else coalesce($10, lost_note) end,
         version = version + 1, stage_at = case when $11 then $12::timestamptz else stage_at end
       where id = $1 returning amount::float8 as amount, currency, close_date::text as close_date`,
      [
        id,
        stage.id,
        body.title ?? null,
        body.amount ?? null,
        body.currency ?? null,
        closeDate,
        owner !== undefined,
        owner ?? null,
        lostReason,
        body.lostNote ?? null,
        moved,
        now().toISOString(),
      ],
    );
    if (moved && stage.outcome === 'won') await recordEvent(tx, deal.lead_id, operator, 'deal.won', amountDetail(after!));
    else if (moved && stage.outcome === 'lost')
      await recordEvent(tx, deal.lead_id, operator, 'deal.lost', `${lostReason}\n${body.lostNote ?? ''}`);
    else if (moved)
      await recordEvent(
        tx,
        deal.lead_id,
        operator,
        'deal.moved',
        Object.values(inEveryLang(stage.names)).join('\n') /* the list's order */,
      );
    const { amount, currency, close_date } = after!;
    if (amount !== deal.amount || currency !== deal.currency || (close_date !== deal.close_date && !(moved && stage.outcome !== 'open')))
      await recordEvent(tx, deal.lead_id, operator, 'deal.changed', amountDetail(after!));
  });
  return { status: 200, body: await cardOf(db, id) };
};

/** The board's filter (checked by the contract) as a WHERE clause over deals `d`. */
function boardFilter({ owner, kind, country, partner, q }: AdminQueryChecked<'GET board'>, me: string) {
  const where = whereBuilder();
  if (owner === 'none') where.term('d.owner is null');
  else if (owner) where.add((n) => `d.owner = ${n}::uuid`, owner === 'me' ? me : owner);
  if (kind) where.add((n) => `d.kind = ${n}`, kind);
  if (country) where.add((n) => `d.country = ${n}`, country);
  if (partner) where.add((n) => `lower(d.partner_code) = lower(${n})`, partner);
  // The deal's copy of its lead's search text (name, e-mail, phone, comment), trigram-indexed.
  where.contains('d.search', q);
  return { where, filtered: where.build().params.length > 0 || owner === 'none' };
}

/** The board's keyset cursor: after this (stage_at, id), latest first. */
const cardCursor = (card: DealCard): string => encodeCursor({ at: new Date(card.stage_at).toISOString(), id: card.id });

type Totals = { stage_id: string; currency: string; n: number; amount: number }[];

/**
 * GET /api/admin/board?owner&kind&country&partner&q[&stage&after]: each stage's first BOARD_PAGE
 * cards (latest in the stage first), its count and its totals per currency: from the tally when
 * nothing filters, else over at most COUNT_CAP matching deals (`capped` when they reach it, each
 * then "at least"); with `stage` that column only, from `after`.
 */
export const board: RouteHandler<'GET board'> = async ({ db, query, operator }) => {
  const stages = await stagesOf(db);
  const only = query.stage;
  if (only && !stages.some((stage) => stage.id === only)) throw new HttpError(400, 'stage must be a stage of the pipeline.');
  const after: Cursor | undefined = only ? decodeCursor(query.after) : undefined;
  const { where, filtered } = boardFilter(query, operator.id);
  const base = where.build();
  let totals: Totals;
  let ids: string[] | null = null;
  if (filtered) {
    // At most COUNT_CAP of the filter's deals (a text search finds them through the deals'
    // trigram index, the owner through deal_owner_by_stage, a country or partner through theirs)
    // give the counts and totals, and each column's next cards ranked among them (used when they
    // are every match).
    const values = [...base.params];
    const value = (v: unknown) => `$${values.push(v)}`;
    const ranked = `(select json_agg(id) from (select id, row_number() over (partition by stage_id order by stage_at desc, id desc) as rank from found
           where ${after ? `(stage_at, id) < (${value(after.at)}::timestamptz, ${value(after.id)}::uuid)` : 'true'}
             and ${only ? `stage_id = ${value(only)}::uuid` : 'true'}) r where rank <= ${BOARD_PAGE + 1})`;
    const [read] = await db.query<{ totals: Totals | null; ids: string[] | null }>(
      `with found as materialized (
         select d.id, d.stage_id, d.stage_at, d.currency, d.amount from deal d ${base.sql} limit ${COUNT_CAP})
       select (select json_agg(t order by currency) from (
           select stage_id, currency, count(*)::int as n, sum(amount)::float8 as amount from found group by 1, 2) t) as totals,
         ${ranked} as ids`,
      values,
    );
    totals = read?.totals ?? [];
    ids = read?.ids ?? [];
  } else
    totals = await db.query<Totals[number]>(
      'select stage_id, currency, sum(n)::int as n, sum(amount)::float8 as amount from deal_tally group by 1, 2 having sum(n) > 0 order by 2',
    );
  const capped = filtered && totals.reduce((n, row) => n + row.n, 0) >= COUNT_CAP;
  let items: (DealCard & { column: string })[];
  if (filtered && !capped)
    // Every match was found: the ranked cards are read by id (a walk down a stage's index would
    // read the whole stage for a rare filter).
    items = await db.query<DealCard & { column: string }>(
      `select d.stage_id as column, ${CARD} from deal d join lead l on l.id = d.lead_id where d.id = any($1::uuid[]) order by d.stage_at desc, d.id desc`,
      [ids],
    );
  else {
    // Each column walks its stage's index, latest first: a common filter finds its cards early.
    const cards = where;
    if (after) cards.term(`(d.stage_at, d.id) < (${cards.param(after.at)}::timestamptz, ${cards.param(after.id)}::uuid)`);
    const stageParam = only ? cards.param(only) : '';
    const page = cards.build();
    const clause = page.sql.replace(/^where /, '');
    items = await db.query<DealCard & { column: string }>(
      `select s.id as column, c.* from deal_stage s cross join lateral (
         select ${CARD} from deal d join lead l on l.id = d.lead_id
         where d.stage_id = s.id ${clause ? `and ${clause}` : ''} order by d.stage_at desc, d.id desc limit ${BOARD_PAGE + 1}) c
       ${only ? `where s.id = ${stageParam}::uuid` : ''} order by s.position, c.stage_at desc, c.id desc`,
      page.params,
    );
  }
  const columns: BoardColumn[] = stages
    .filter((stage) => !only || stage.id === only)
    .map((stage) => {
      const mine = items.filter((row) => row.column === stage.id).map(({ column: _column, ...card }) => card);
      const sums = totals.filter((row) => row.stage_id === stage.id);
      const shown = mine.slice(0, BOARD_PAGE);
      return {
        stageId: stage.id,
        count: sums.reduce((n, row) => n + row.n, 0),
        totals: sums.map(({ currency, amount }) => ({ currency, amount })),
        items: shown,
        next: mine.length > BOARD_PAGE ? cardCursor(shown.at(-1)!) : null,
      };
    });
  return { status: 200, body: { columns, capped } };
};

/**
 * GET /api/admin/revenue: won deals by month of closing over the last 12 months, and open deals by
 * expected close month from this month on (one past its date counts in this month), each with its
 * amount weighted by its stage's probability; per currency, from the tally.
 */
export const revenue: RouteHandler<'GET revenue'> = async ({ db, now }) => {
  const [{ month } = { month: '' }] = await db.query<{ month: string }>(
    "select date_trunc('month', $1::timestamptz at time zone time_zone)::date::text as month from console_setting",
    [now().toISOString()],
  );
  const rows = await db.query<{ month: string; currency: string; outcome: DealOutcome; probability: number; n: number; amount: number }>(
    `select t.month::text as month, t.currency, s.outcome, s.probability, sum(t.n)::int as n, sum(t.amount)::float8 as amount
     from deal_tally t join deal_stage s on s.id = t.stage_id
     where t.n > 0 and ((s.outcome = 'won' and t.month > $1::date - interval '12 months' and t.month <= $1::date)
       or (s.outcome = 'open' and t.month < $1::date + interval '12 months'))
     group by 1, 2, 3, 4 order by 1, 2`,
    [month],
  );
  const won: RevenueFigures['won'] = rows
    .filter((row) => row.outcome === 'won')
    .map(({ month, currency, amount, n }) => ({ month, currency, amount, count: n }));
  const forecast = new Map<string, RevenueFigures['forecast'][number]>();
  for (const row of rows.filter((row) => row.outcome === 'open')) {
    const at = row.month < month ? month : row.month;
    const key = `${at} ${row.currency}`;
    const sum = forecast.get(key) ?? { month: at, currency: row.currency, amount: 0, weighted: 0, count: 0 };
    sum.amount += row.amount;
    sum.weighted += (row.amount * row.probability) / 100;
    sum.count += row.n;
    forecast.set(key, sum);
  }
  const rounded = [...forecast.values()]
    .map((row) => ({ ...row, weighted: Math.round(row.weighted * 100) / 100 }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency));
  return { status: 200, body: { month, won, forecast: rounded } };
};
