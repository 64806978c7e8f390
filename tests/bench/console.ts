// `npm run bench:console [-- --db pglite|postgres] [--leads 100000[,1000000]] [--runs 40]`: the
// console's lists, searches, views and dashboard at scale. Fills a fresh database (the embedded
// PGlite by default; `--db postgres` a throwaway PostgreSQL cluster, or DATABASE_URL) through the
// kind tables, so every trigger runs as in production: leads of the four kinds over two years, 5 %
// spam, a quarter in English, some from 60 partners, 12 campaigns and 6 sources (the reports already
// mailed: queued, the outbox would render and mail 25,000 PDFs while the calls are timed); then a
// team's work (statuses, 5 operators' leads, follow-ups), the reports' estimated values, deals and orders.
// team's work (statuses, 5 operators' leads, follow-ups, tasks on a fifth of the leads), the reports' estimated values and orders.
// Times each call over real HTTP with a signed-in session, one at a time, and prints p50/p95 per
// call; with two counts (filled one after the other) it also prints how each p95 grows. Exits 1
// when a p95 is 150 ms or more.
import { createApi, loadConfig, type Api } from '@obra/server';
import { readPhones } from '@obra/server/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createOperator, signInAs, type Session } from '../server/support/admin.ts';
import { removeDataDir, tempDataDir } from '../server/support/api.ts';
import { startPostgres, type PgCluster } from '../server/support/postgres.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    leads: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
  },
});
const COUNTS = args.leads.split(',').map(Number);
const RUNS = Number(args.runs);
const BUDGET_MS = 150;
/**
 * Leads written per round of the fill, a quarter of each kind per statement. Every insert updates
 * the same few rows of the status tally (and of the weekly rollups); PostgreSQL finds a row updated
 * n times in one statement by walking its n versions, so a statement's cost grows with the square
 * of its rows. At 25,000 a statement a 1,000,000-lead fill on PostgreSQL had not finished after 13
 * minutes; at 1,000 it takes about 11 (the API writes at most 200 leads a statement).
 */
const CHUNK = 4_000;
if (!['pglite', 'postgres'].includes(args.db) || COUNTS.some((n) => !Number.isInteger(n) || n < 1000 || n % 200) || !(RUNS > 0))
  throw new Error(
    'Usage: npm run bench:console -- [--db pglite|postgres] [--leads 100000[,1000000]] [--runs 40] (counts in multiples of 200)',
  );

// BENCH_DATA_DIR keeps the embedded database between runs (filling takes minutes on a busy machine).
const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? tempDataDir();
let cluster: PgCluster | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (args.db === 'postgres' && !databaseUrl) {
  cluster = await startPostgres();
  databaseUrl = await cluster.createDatabase();
}
const api: Api = await createApi(
  loadConfig({ OBRA_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(args.db === 'postgres' ? { DATABASE_URL: databaseUrl } : {}) }),
);
const server = createServer((req, res) => void api.handle(req, res));
// Idle connections stay open: the client's pool reuses them after a fill that takes minutes.
server.keepAliveTimeout = 0;
await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const OPERATORS = ['bench@example.com', 'ana@example.com', 'luis@example.com', 'eva@example.com', 'omar@example.com'];

/** Leads numbered `from + 1` to `to`, a quarter of each kind, spread over two years by a hash of their number. */
async function fill(from: number, to: number) {
  for (let at = from; at < to; at += CHUNK) await fillChunk(at, Math.min(to, at + CHUNK));
  await api.db
    .query(`insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email)
    select now() - make_interval(mins => ((n::bigint * 7919) % 1051200)::int), 'stripe', 'evt_b' || n, 'cs_b' || n, 'revit', 'Revit', 19900, 'usd', 'es',
      case when n % 10 = 0 then 'unpaid' else 'paid' end, 'o' || n || '@example.com' from generate_series(${from / 50 + 1}, ${to / 50}) n`);
  // Each new lead's phone, read as the API does in the background after a lead is stored.
  while ((await readPhones(api.db)) > 0);
  await api.db.exec('analyze');
}

async function fillChunk(from: number, to: number) {
  const per = (to - from) / 4;
  const series = `generate_series(${from / 4 + 1}, ${from / 4 + per}) n`;
  // Names and e-mails from small word lists, so searches hit a realistic share of rows.
  const name = `(array['Ana','Luis','Marta','Carlos','Sofía','Jorge','Lucía','Pedro','Elena','Diego'])[1 + n % 10] || ' ' ||
    (array['Gómez','Pérez','Rodríguez','López','Martínez','Sánchez','Ramírez','Torres','Flores','Rivera'])[1 + (n / 10) % 10] || ' ' || n`;
  const common = `now() - make_interval(mins => ((n::bigint * 7919) % 1051200)::int), case when n % 4 = 0 then 'en' else 'es' end,
    case when n % 20 = 0 then 'too fast' end,
    case when n % 10 < 3 then 'socio' || (n % 60) end, case when n % 5 = 0 then 'primavera-' || (n % 12) end,
    case when n % 10 in (3, 4, 5, 6) then (array['google','facebook','instagram','linkedin','newsletter','feria'])[1 + n % 6] end,
    case when n % 10 = 7 then 'https://www.google.com/search' end`;
  const attribution = 'created_at, lang, spam_reason, partner_code, utm_campaign, utm_source, referrer';
  const ids: string[] = [];
  const keep = (rows: { id: string }[]) => void ids.push(...rows.map((row) => row.id));
  keep(
    await api.db.query<{
      id: string;
    }>(`insert into wait_list (${attribution}, interesado, nombre, correo, telefono, comentario, request_hash)
    select ${common}, 'cliente', ${name}, 'w' || n || '@example.com', '+57 300 ' || lpad(n::text, 7, '0'), 'Quiero construir una casa de dos pisos en lote propio', 'h' from ${series} returning id`),
  );
  keep(
    await api.db.query<{ id: string }>(`insert into partner (${attribution}, nombre, telefono, correo, pais, especializacion, request_hash)
    select ${common}, ${name}, '+57 310 ' || lpad(n::text, 7, '0'), 'p' || n || '@example.com', 'Colombia', 'bim', 'h' from ${series} returning id`),
  );
  keep(
    await api.db.query<{ id: string }>(`insert into contact (${attribution}, name, email, message, request_hash)
    select ${common}, ${name}, 'c' || n || '@example.com', '¿Hacen casas modulares en acero? Necesito precio', 'h' from ${series} returning id`),
  );
  keep(
    await api.db.query<{
      id: string;
    }>(`insert into report (${attribution}, nombre, correo, telefono, pais, departamento, ciudad, estado_proyecto, etapa_proyecto, ancho, longitud,
      ancho_edificacion, largo_edificacion, alto_edificacion, uso, uso_especifico, sistema_constructivo, diseno, tipo_fachada, material_cubierta, material_fachada,
      zona, otros, image_url, prompt, request_hash, mail_status, mailed_at)
    select ${common}, ${name}, 'r' || n || '@example.com', '+57 320 ' || lpad(n::text, 7, '0'), 'Colombia', 'Antioquia', 'Medellín', 'Nueva', 'Concepcion',
      '10', '20', '8', '12', '6', 'housing', '', 'steel-framing', 'Arco', 'Ligeras', 'Panel Sandwich', 'Ladrillo', 'zone2', 'ascensor',
      'http://localhost/api/images/x.svg', 'p', 'h', 'sent', now() from ${series} returning id`),
  );
  // People: 3 % of the design reports' addresses come back with a wait-list lead (the phone in
  // national form), a third of those once more by contact form (the address capitalised); 1 % of
  // the reports' phones come again under another address (a possible duplicate).
  const again = `generate_series(${from / 4 + 1}, ${from / 4 + per}) n where n % 33 = 0`;
  const other = `n % 100 = 1`;
  keep(
    await api.db.query<{
      id: string;
    }>(`insert into wait_list (${attribution}, interesado, nombre, correo, telefono, comentario, request_hash)
    select ${common}, 'cliente', ${name}, case when ${other} then 'd' else 'r' end || n || '@example.com',
      case when ${other} then '+57 ' else '' end || '320 ' || lpad(n::text, 7, '0'), 'Otra vez', 'h' from ${again} or ${other} returning id`),
  );
  keep(
    await api.db.query<{ id: string }>(`insert into contact (${attribution}, name, email, message, request_hash)
    select ${common}, ${name}, 'R' || n || '@Example.com', 'Sigo interesado', 'h' from ${again} and n % 99 = 0 returning id`),
  );
  // The team's work on the new ones (through the triggers, as the console's changes): a tenth
  // assigned among five operators, statuses along the workflow, a follow-up on a fifth of the assigned.
  const users = (await api.db.query<{ id: string }>('select id from admin_user where email = any($1) order by email', [OPERATORS])).map(
    (u) => u.id,
  );
  const mine = `(hashtext(id::text) & 1023)`;
  await api.db.query(`update lead set assignee = ($1::uuid[])[1 + ${mine} % 5] where id = any($2) and ${mine} < 102 and status <> 'spam'`, [
    users,
    ids,
  ]);
  // The design reports' estimated value (the API computes it when a report is stored, routes/leads.ts).
  await api.db.query(
    `update lead set value_usd = 20000 + (hashtext(id::text || 'value') & 1023) * 250.5 where id = any($1) and kind = 'report'`,
    [ids],
  );
  // Another slice of the leads for the statuses, so that some of the operators' leads are still open.
  const step = `(hashtext(id::text || 'status') & 1023)`;
  await api.db.query(
    `update lead set status = case when ${step} < 20 then 'won' when ${step} < 60 then 'lost' when ${step} < 140 then 'qualified'
    else 'contacted' end where id = any($1) and ${step} < 300 and status = 'new' and created_at < now() - interval '2 days'`,
    [ids],
  );
  await api.db.query(
    `update lead set follow_up_at = now() + make_interval(hours => ${mine} % 96 - 24), follow_up_note = 'Llamar'
    where id = any($1) and assignee is not null and ${mine} < 25`,
    [ids],
  );
  // Deals (issue 40): about 1 lead in 5, spread over the pipeline's stages, a quarter of them in
  // COP, closing from 4 months ago to 8 months ahead, owned by the lead's operator or another.
  const deal = `(hashtext(l.id::text || 'deal') & 1023)`;
  await api.db.query(
    `insert into deal (lead_id, stage_id, amount, currency, close_date, owner, kind, partner_code, country, stage_at)
     select l.id, (select s.id from deal_stage s order by s.position offset ${deal} % 7 limit 1), 5000 + ${deal} * 997.5,
       case when ${deal} % 4 = 0 then 'COP' else 'USD' end, (now() + make_interval(days => ${deal} % 365 - 120))::date,
       coalesce(l.assignee, ($2::uuid[])[1 + ${deal} % 5]), l.kind, l.partner_code, case when l.kind = 'report' then 'CO' end, l.created_at
     from lead l where l.id = any($1) and ${deal} < 205 and l.status <> 'spam'`,
    [ids, users],
  );
  // Conversations (issue 40): an e-mail sent to one lead in ten (its lead_mail row, sent), a call logged on one in five.
  const talk = `(hashtext(id::text || 'talk') & 1023)`;
  await api.db.query(
    `with mailed as (
       insert into lead_event (lead_id, at, actor, actor_email, type, detail)
       select id, created_at + interval '1 hour', assignee, 'bench@example.com', 'email', E'Tu proyecto con Obra\nHola, gracias por escribirnos.'
       from lead where id = any($1) and ${talk} < 102 returning id, lead_id, at, actor)
     insert into lead_mail (lead_id, event_id, to_address, template, actor, created_at, sent_at)
     select lead_id, id, 'bench@example.com', 'Primer contacto / First contact', actor, at, at from mailed`,
    [ids],
  );
  await api.db.query(
    `insert into lead_event (lead_id, at, actor, actor_email, type, detail)
     select id, created_at + interval '2 hours', assignee, 'bench@example.com', 'call', E'reached\nQuiere visita' from lead where id = any($1) and ${talk} < 205`,
    [ids],
  );
  // Tasks (issue 40) on a fifth of the leads, each for one of the operators, from two days late to two weeks ahead, a third done.
  const task = `(hashtext(id::text || 'task') & 1023)`;
  await api.db.query(
    `insert into lead_task (lead_id, type, due_at, assignee, note, done_at)
    select id, (array['call','site-visit','quote','follow-up','other'])[1 + ${task} % 5], now() + make_interval(hours => ${task} % 384 - 48),
      ($1::uuid[])[1 + ${task} % 5], 'Llamar', case when ${task} % 3 = 0 then now() end
    from lead where id = any($2) and ${task} < 205`,
    [users, ids],
  );
}

interface Case {
  name: string;
  path: string;
}

/** Every call measured: lists, searches, views (a lead, the saved views, the badge) and the dashboard. */
async function cases(session: Session): Promise<Case[]> {
  const get = async (path: string) =>
    (await session.call(`/api/admin/${path}`)).json() as Promise<{ next: string | null; items: { id: string }[] }>;
  // The cursor of the given page, or of the last one when fewer leads are stored (a small --leads).
  const deep = async (query: string, pages: number) => {
    const after = (cursor: string) => `${query}${query ? '&' : '?'}after=${cursor}`;
    let cursor = (await get(`leads${query}`)).next;
    for (let i = 1; i < pages && cursor; i += 1) cursor = (await get(`leads${after(cursor)}`)).next ?? cursor;
    return cursor ? after(cursor) : query;
  };
  const deepTasks = async (pages: number) => {
    let cursor = (await get('tasks')).next;
    for (let i = 1; i < pages && cursor; i += 1) cursor = (await get(`tasks?after=${encodeURIComponent(cursor)}`)).next ?? cursor;
    return cursor ? `tasks?after=${encodeURIComponent(cursor)}` : 'tasks';
  };
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 864e5).toISOString().slice(0, 10);
  const [lead] = (await get('leads?kind=report')).items;
  const [repeat] = await api.db.query<{ id: string; person_id: string }>("select id, person_id from lead where email = 'r99@example.com'");
  const suggested = await get('people/suggestions');
  // The board's first column's next page (its first page when it has one only).
  const nextColumn = async () => {
    const { columns } = (await (await session.call('/api/admin/board')).json()) as { columns: { stageId: string; next: string | null }[] };
    const [first] = columns;
    return `board?stage=${first!.stageId}${first!.next ? `&after=${first!.next}` : ''}`;
  };
  const template = ((await (await session.call('/api/admin/templates')).json()) as { templates: { id: string }[] }).templates[0]!.id;
  const list = (name: string, query: string): Case => ({ name: `list: ${name}`, path: `leads${query}` });
  return [
    list('first page (every lead)', ''),
    list('second page (cursor)', await deep('', 1)),
    list('22nd page (cursor)', await deep('', 21)),
    list('kind = report', '?kind=report'),
    list('status = spam', '?status=spam'),
    list('status = won', '?status=won'),
    list('lang = en', '?lang=en'),
    list('date range (one month)', `?from=${day(200)}&to=${day(170)}`),
    list('partner = socio12', '?partner=socio12'),
    list('campaign = PRIMAVERA-3', '?campaign=PRIMAVERA-3'),
    list('queue: mine', '?assignee=me'),
    list('queue: unassigned', '?assignee=none'),
    list('queue: due today (mine)', '?assignee=me&due=today&sort=follow_up'),
    list('queue: overdue (mine)', '?assignee=me&due=overdue&sort=follow_up'),
    list('queue: due today (everyone)', '?due=today&sort=follow_up'),
    list('sort: status', '?sort=status'),
    list('sort: status, 5th page', await deep('?sort=status', 4)),
    list('sort: follow-up', '?sort=follow_up'),
    list('sort: oldest first', '?sort=received&dir=asc'),
    list('sort: value', '?sort=value'),
    list('sort: value, 5th page', await deep('?sort=value', 4)),
    list('sort: value, lowest first', '?sort=value&dir=asc'),
    list('kind = contact, sort: status', '?kind=contact&sort=status'),
    list('mine, sort: status desc', '?assignee=me&sort=status&dir=desc'),
    list('search name "gómez"', '?q=g%C3%B3mez'),
    list('search e-mail "w12345@"', '?q=w12345%40'),
    list('search phone "0012345"', '?q=0012345'),
    list('search comment "modulares"', '?q=modulares'),
    list('search nothing "zzzzqq"', '?q=zzzzqq'),
    list('kind + status + lang + search', '?kind=contact&status=new&lang=es&q=ana'),
    list('saved view: new, nobody’s, by status', '?status=new&assignee=none&sort=status'),
    { name: 'view: a lead', path: `leads/${lead!.id}` },
    { name: 'view: saved views', path: 'views' },
    { name: 'view: badge (due counts)', path: 'due' },
    { name: 'view: message templates', path: 'templates' },
    { name: 'view: a message composed (template filled)', path: `leads/${lead!.id}/compose?template=${template}` },
    ...[4, 12, 26, 52].map((weeks) => ({ name: `dashboard: ${weeks} weeks`, path: `dashboard?weeks=${weeks}` })),
    // A person with three leads (a report, a wait-list lead, a contact: the fill's n = 99) and the possible duplicates.
    { name: 'person: of a lead', path: `leads/${repeat!.id}/person` },
    { name: 'person: by id', path: `people/${repeat!.person_id}` },
    { name: 'people: possible duplicates', path: 'people/suggestions' },
    {
      name: 'people: possible duplicates, 2nd page',
      path: suggested.next ? `people/suggestions?after=${encodeURIComponent(suggested.next)}` : 'people/suggestions',
    },
    { name: 'deals: board', path: 'board' },
    { name: 'deals: board, mine', path: 'board?owner=me' },
    { name: 'deals: board, kind = report', path: 'board?kind=report' },
    { name: 'deals: board, country + partner', path: 'board?country=CO&partner=socio12' },
    { name: 'deals: board, search "gómez"', path: 'board?q=g%C3%B3mez' },
    { name: 'deals: board, search every "example.com"', path: 'board?q=example.com' },
    { name: 'deals: board, a column’s 2nd page', path: await nextColumn() },
    { name: 'deals: stages', path: 'deal-stages' },
    { name: 'deals: won revenue and forecast', path: 'revenue' },
    // Tasks and assignment rules (issue 40).
    { name: 'my tasks', path: 'tasks' },
    { name: 'my tasks, 5th page', path: await deepTasks(4) },
    { name: "view: a lead's tasks", path: `leads/${lead!.id}/tasks` },
    { name: 'view: badge (new assignments)', path: 'assignments' },
    { name: 'view: assignment rules', path: 'assignment-rules' },
  ];
}

/** p50 and p95 of each case, RUNS times each after a warm-up. */
async function measure(session: Session, all: Case[]): Promise<Map<string, { p50: number; p95: number; rows: number }>> {
  const results = new Map<string, { p50: number; p95: number; rows: number }>();
  for (const { name, path } of all) {
    const call = async () => {
      const response = await session.call(`/api/admin/${path}`);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { items?: unknown[]; columns?: { items: unknown[] }[] };
      return body.items?.length ?? body.columns?.reduce((n, column) => n + column.items.length, 0) ?? 1;
    };
    await call();
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      rows = await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    results.set(name, { p50: p(0.5), p95: p(0.95), rows });
  }
  return results;
}

const ms = (n: number) => n.toFixed(1).padStart(6);
let failed = 0;
try {
  for (const email of OPERATORS)
    if (!(await api.db.query('select 1 from admin_user where email = $1', [email])).length) await createOperator(api.db, email, 'agent');
  const byCount: [number, Map<string, { p50: number; p95: number; rows: number }>][] = [];
  for (const count of COUNTS) {
    const [{ n: stored } = { n: 0 }] = await api.db.query<{ n: number }>('select count(*)::int as n from lead');
    if (stored < count) {
      const started = performance.now();
      await fill(stored, count);
      console.log(`filled ${stored} → ${count} leads in ${((performance.now() - started) / 1000).toFixed(0)} s (${api.db.kind})`);
    }
    // Signed in after the fill: a keep-alive connection left idle through it would be closed under the first call.
    const session = await signInAs(base, 'bench@example.com');
    await session.call('/api/admin/views', {
      method: 'POST',
      body: { name: 'Nuevos sin asignar', query: 'status=new&assignee=none&sort=status' },
    });
    // Ten assignment rules, as an office might keep (the rule applied to each new lead reads them all).
    const ruleOperators = (await api.db.query<{ id: string }>('select id from admin_user where email = any($1)', [OPERATORS])).map(
      (u) => u.id,
    );
    await session.call('/api/admin/assignment-rules', {
      method: 'PUT',
      body: {
        rules: Array.from({ length: 10 }, (_, i) => ({
          name: `Regla ${i}`,
          sources: [`fuente-${i}`],
          operators: ruleOperators.slice(0, 1 + (i % 5)),
        })),
      },
    });
    const results = await measure(session, await cases(session));
    byCount.push([count, results]);
    const rows = [...results].map(([name, { p50, p95, rows: n }]) => {
      if (p95 >= BUDGET_MS) failed += 1;
      return `${p95 < BUDGET_MS ? 'ok  ' : 'SLOW'} ${name.padEnd(42)} p50 ${ms(p50)} ms   p95 ${ms(p95)} ms   (${n} rows)`;
    });
    console.log(`\n${count} leads on ${api.db.kind}, ${RUNS} runs each, budget p95 < ${BUDGET_MS} ms:\n${rows.join('\n')}`);
  }
  if (byCount.length > 1) {
    const [[first, a], [last, b]] = [byCount[0]!, byCount.at(-1)!];
    const lines = [...a].map(([name, { p95 }]) => {
      const after = b.get(name)!.p95;
      return `${name.padEnd(42)} ${ms(p95)} ms → ${ms(after)} ms   ×${(after / p95).toFixed(2)}`;
    });
    console.log(`\nHow each p95 grows from ${first} to ${last} leads (${api.db.kind}):\n${lines.join('\n')}`);
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  server.closeAllConnections();
  server.close();
  await api.close();
  if (cluster) await cluster.stop();
  if (!kept) removeDataDir(dataDir);
}
