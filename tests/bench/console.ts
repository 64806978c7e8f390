// `npm run bench:console`: the inbox at 100,000 leads on the embedded PGlite. Fills a fresh data
// directory (25,000 of each kind, spread over two years, 5 % spam, a quarter in English) through
// the kind tables, so the triggers fill the inbox as in production; then times each inbox call
// over real HTTP with a signed-in session, one request at a time, and prints p50/p95 per call.
// Exits 1 when a p95 is 150 ms or more.
import { createApi, loadConfig } from '@obra/server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOperator, signInAs } from '../server/support/admin.ts';
import { removeDataDir, tempDataDir } from '../server/support/api.ts';

const PER_KIND = Number(process.env.BENCH_LEADS ?? 100_000) / 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BUDGET_MS = 150;

// BENCH_DATA_DIR keeps the filled database between runs (filling takes minutes on a busy machine).
const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? tempDataDir();
const api = await createApi(loadConfig({ OBRA_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
const server = createServer((req, res) => void api.handle(req, res));
await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const fillStarted = performance.now();
  const [{ stored } = { stored: 0 }] = await api.db.query<{ stored: number }>('select count(*)::int as stored from lead');
  if (!stored) await fill();
  async function fill() {
    // Names and e-mails from small word lists, so searches hit a realistic share of rows.
    const common = (n: string) => `
    (array['Ana','Luis','Marta','Carlos','Sofía','Jorge','Lucía','Pedro','Elena','Diego'])[1 + ${n} % 10] || ' ' ||
    (array['Gómez','Pérez','Rodríguez','López','Martínez','Sánchez','Ramírez','Torres','Flores','Rivera'])[1 + (${n} / 10) % 10] || ' ' || ${n}`;
    const at = (n: string) => `now() - make_interval(mins => (${n}::bigint * 1051200 / ${PER_KIND})::int)`;
    const spam = (n: string) => `case when ${n} % 20 = 0 then 'too fast' end`;
    const lang = (n: string) => `case when ${n} % 4 = 0 then 'en' else 'es' end`;
    await api.db
      .query(`insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang, spam_reason)
    select ${at('n')}, 'cliente', ${common('n')}, 'w' || n || '@example.com', '+57 300 ' || lpad(n::text, 7, '0'), 'Quiero construir una casa de dos pisos en lote propio', 'h', ${lang('n')}, ${spam('n')} from generate_series(1, ${PER_KIND}) n`);
    await api.db.query(`insert into partner (created_at, nombre, telefono, correo, pais, especializacion, request_hash, lang, spam_reason)
    select ${at('n')}, ${common('n')}, '+57 310 ' || lpad(n::text, 7, '0'), 'p' || n || '@example.com', 'Colombia', 'bim', 'h', ${lang('n')}, ${spam('n')} from generate_series(1, ${PER_KIND}) n`);
    await api.db.query(`insert into contact (created_at, name, email, message, request_hash, lang, spam_reason)
    select ${at('n')}, ${common('n')}, 'c' || n || '@example.com', '¿Hacen casas modulares en acero? Necesito precio', 'h', ${lang('n')}, ${spam('n')} from generate_series(1, ${PER_KIND}) n`);
    await api.db
      .query(`insert into report (created_at, nombre, correo, telefono, pais, departamento, ciudad, estado_proyecto, etapa_proyecto, ancho, longitud, ancho_edificacion,
      largo_edificacion, alto_edificacion, uso, uso_especifico, sistema_constructivo, diseno, tipo_fachada, material_cubierta, material_fachada, zona, otros, image_url, prompt, request_hash, lang, spam_reason)
    select ${at('n')}, ${common('n')}, 'r' || n || '@example.com', '+57 320 ' || lpad(n::text, 7, '0'), 'Colombia', 'Antioquia', 'Medellín', 'idea', 'diseno', '10', '20', '8', '12', '6',
      'vivienda', '', 'acero', 'dos-aguas', 'moderna', 'teja', 'ladrillo', 'urbana', 'Terraza', 'http://localhost/api/images/x.svg', 'p', 'h', ${lang('n')}, ${spam('n')} from generate_series(1, ${PER_KIND}) n`);
  }
  await api.db.exec('analyze');
  const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>('select count(*)::int as n from lead');
  console.log(`console bench: ${n} leads stored in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s (PGlite, ${dataDir})`);

  await api.db.query("delete from admin_user where email = 'bench@example.com'");
  await createOperator(api.db, 'bench@example.com');
  const session = await signInAs(base, 'bench@example.com');
  const get = async (query: string) => {
    const response = await session.call(`/api/admin/leads${query}`);
    if (response.status !== 200) throw new Error(`${query} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { next: string | null; items: unknown[] };
  };
  const second = (await get('')).next;
  const deep = await (async () => {
    let cursor = second;
    for (let i = 0; i < 20 && cursor; i += 1) cursor = (await get(`?after=${cursor}`)).next;
    return cursor;
  })();
  const cases: [string, string][] = [
    ['first page (every lead)', ''],
    ['second page (cursor)', `?after=${second}`],
    ['22nd page (cursor)', `?after=${deep}`],
    ['kind = report', '?kind=report'],
    ['status = spam', '?status=spam'],
    ['status = won (empty)', '?status=won'],
    ['lang = en', '?lang=en'],
    [
      'date range (one month)',
      `?from=${new Date(Date.now() - 200 * 864e5).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 170 * 864e5).toISOString().slice(0, 10)}`,
    ],
    ['search name "gómez"', '?q=g%C3%B3mez'],
    ['search e-mail "w12345@"', '?q=w12345%40'],
    ['search phone "0012345"', '?q=0012345'],
    ['search comment "modulares"', '?q=modulares'],
    ['search nothing "zzzzqq"', '?q=zzzzqq'],
    ['kind + status + lang + search', '?kind=contact&status=new&lang=es&q=ana'],
  ];
  const rows: string[] = [];
  let failed = 0;
  for (const [name, query] of cases) {
    await get(query); // warm-up
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      count = (await get(query)).items.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    const ok = p(0.95) < BUDGET_MS;
    if (!ok) failed += 1;
    rows.push(
      `${ok ? 'ok  ' : 'SLOW'} ${name.padEnd(34)} p50 ${p(0.5).toFixed(1).padStart(6)} ms   p95 ${p(0.95).toFixed(1).padStart(6)} ms   (${count} rows)`,
    );
  }
  console.log(
    `GET /api/admin/leads at ${n} leads, ${RUNS} runs each (page + counts per status), budget p95 < ${BUDGET_MS} ms:\n${rows.join('\n')}`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  server.closeAllConnections();
  server.close();
  await api.close();
  if (!kept) removeDataDir(dataDir);
}
