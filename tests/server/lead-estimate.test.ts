// A design report's estimate on its lead (migration 090): stored in the report's transaction,
// shown by the console's API, listed with its value in US dollars, exported in the CSV and by
// `npm run export`, and given to reports stored before it (or cleared by migration 095) by
// `npm run backfill:estimates`.
import { csvRows } from './support/csv.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimate } from '@obra/estimate';
import { backfillEstimates, runBackfill, runExport } from '@obra/server/testing';
import { createOperator, insertReport, signInAs, type Session } from './support/admin.ts';
import { postJson, removeDataDir, ROOT, runAgainst, startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
let admin: Session;
const REPORT = {
  estadoProyecto: 'Nueva',
  etapaProyecto: 'Concepcion',
  ancho: '',
  longitud: '',
  anchoEdificacion: '8',
  largoEdificacion: '12',
  altoEdificacion: '6',
  uso: 'housing',
  usoEspecifico: '',
  sistemaConstructivo: 'mamposteria-confinada',
  diseno: 'Doble pendiente',
  tipoFachada: 'Tradicional',
  materialCubierta: 'Arcilla/Concreto',
  materialFachada: 'Ladrillo',
  zona: 'zone2',
  otros: [],
  nombre: 'Lucía Gómez',
  pais: 'México',
  departamento: 'Jalisco',
  ciudad: 'Guadalajara',
  correo: 'lucia@example.com',
  telefono: '+52 33 1234 5678',
  imageUrl: '',
  prompt: 'Foto realista de una casa',
};

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0' });
  await createOperator(local.api.db, 'ana@example.com');
  admin = await signInAs(local.base, 'ana@example.com');
  const image = (await (await postJson(`${local.base}/api/generate-image`, { prompt: REPORT.prompt })).json()) as { url: string };
  REPORT.imageUrl = new URL(image.url, local.base).href;
});
afterAll(() => local.close());

const send = async (fields: Partial<typeof REPORT>) => {
  const response = await postJson(`${local.base}/api/form-report`, { ...REPORT, ...fields });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

describe("a design report's estimate on its lead", () => {
  it('is stored with the lead: range, currency, weeks, drivers and the value in US dollars', async () => {
    const id = await send({});
    const expected = estimate({ ...REPORT });
    if (!expected.complete) throw new Error('incomplete');
    const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { estimate: Record<string, unknown>; value_usd: number };
    expect(lead.estimate).toEqual({
      low: expected.cost.total.low,
      expected: expected.cost.total.expected,
      high: expected.cost.total.high,
      currency: 'MXN',
      weeks: expected.time.totalWeeks,
      // The country's figure, and the gable: a roof design other than the flat reference, which no factor prices.
      drivers: ['country', 'roof'],
      country: 'MX',
      fallback: false,
    });
    expect(lead.value_usd).toBe(expected.cost.expectedUsd);
    const list = (await (await admin.call('/api/admin/leads?kind=report')).json()) as { items: { id: string; value_usd: number | null }[] };
    expect(list.items.find((item) => item.id === id)?.value_usd).toBe(expected.cost.expectedUsd);
    // The console's CSV (docs/operators/console.md): the estimate's columns after the notes.
    const csv = csvRows(new Uint8Array(await (await admin.call('/api/admin/export.csv?kind=report')).arrayBuffer()));
    const first = csv[0]!.indexOf('estimate_low');
    expect(csv[0]!.slice(first - 1, first + 8)).toEqual([
      'notes',
      'estimate_low',
      'estimate_expected',
      'estimate_high',
      'estimate_currency',
      'estimate_weeks',
      'estimate_drivers',
      'value_usd',
      'page_url',
    ]);
    expect(csv.find((line) => line[0] === id)?.[first + 1]).toBe(String(expected.cost.total.expected));
  });

  it('is null when the building was not measured, and for other kinds', async () => {
    const id = await send({ altoEdificacion: '', correo: 'otra@example.com' });
    const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { estimate: unknown; value_usd: unknown };
    expect([lead.estimate, lead.value_usd]).toEqual([null, null]);
    const waiting = await postJson(`${local.base}/api/wait-list`, {
      interesado: 'cliente',
      nombre: 'Pedro',
      correo: 'pedro@example.com',
      telefono: '+57 300 123 4567',
      comentario: 'Hola',
    });
    const { id: other } = (await waiting.json()) as { id: string };
    const row = (await (await admin.call(`/api/admin/leads/${other}`)).json()) as { estimate: unknown; value_usd: unknown };
    expect([row.estimate, row.value_usd]).toEqual([null, null]);
  });
});

describe('backfillEstimates', () => {
  it('goes through the reports without an estimate in batches, and leaves the unmeasured ones', async () => {
    const older = await Promise.all(
      ['a', 'b', 'c'].map((n) => insertReport(local.api.db, { nombre: `Antes ${n}`, correo: `${n}@example.com` })),
    );
    // Batches of 2: three older reports, and the unmeasured one sent above, take three queries.
    expect(await backfillEstimates(local.api.db, 2)).toEqual({ estimated: 3, unmeasured: 1 });
    for (const id of older) {
      const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { estimate: { currency: string }; value_usd: number };
      expect([lead.estimate.currency, lead.value_usd > 0]).toEqual(['COP', true]);
    }
    expect(await backfillEstimates(local.api.db, 2)).toEqual({ estimated: 0, unmeasured: 1 });
  });

  it("after migration 095 clears the estimates of the previous figures, gives every lead today's", async () => {
    const id = await send({ nombre: 'Antes de 095', correo: 'antes@example.com' });
    // An estimate as the previous figures stored it: a driver the console no longer labels.
    const stale = { low: 1, expected: 2, high: 3, currency: 'MXN', weeks: 9, drivers: ['zone'], country: 'MX', fallback: false };
    await local.api.db.query('update lead set estimate = $1, value_usd = 1 where id = $2', [JSON.stringify(stale), id]);
    await local.api.db.exec(readFileSync(join(ROOT, 'packages/server/migrations/095_lead_estimate_refresh.sql'), 'utf8'));
    const cleared = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { estimate: unknown; value_usd: unknown };
    expect([cleared.estimate, cleared.value_usd]).toEqual([null, null]);
    const { estimated } = await backfillEstimates(local.api.db, 500);
    expect(estimated).toBeGreaterThanOrEqual(1);
    const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { estimate: { drivers: string[]; weeks: number } };
    const today = estimate({ ...REPORT });
    if (!today.complete) throw new Error('incomplete');
    expect(lead.estimate).toMatchObject({
      drivers: ['country', 'roof'],
      weeks: today.time.totalWeeks,
      expected: today.cost.total.expected,
    });
  });
});

describe('the estimate outside the console', () => {
  // Its own API and database: the commands open the database themselves once the API lets go of it.
  let own: LocalApi;
  let sent: string;
  let older: string;
  const exported = async (): Promise<Record<string, unknown>[]> => {
    let out = '';
    expect(await runAgainst(own.env, () => runExport(['report', '--format', 'json'], (text) => (out += text)))).toBe(0);
    return JSON.parse(out) as Record<string, unknown>[];
  };
  const backfill = async (): Promise<string> => {
    let out = '';
    expect(await runAgainst(own.env, () => runBackfill((text) => (out += text)))).toBe(0);
    return out;
  };
  beforeAll(async () => {
    own = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0' });
    const image = (await (await postJson(`${own.base}/api/generate-image`, { prompt: REPORT.prompt })).json()) as { url: string };
    const response = await postJson(`${own.base}/api/form-report`, { ...REPORT, imageUrl: new URL(image.url, own.base).href });
    sent = ((await response.json()) as { id: string }).id;
    // A report as stored before migration 090: the row alone, its lead (made by 010's triggers) without an estimate.
    older = await insertReport(own.api.db);
    await own.api.close();
  });
  afterAll(() => removeDataDir(own.dataDir));

  it('`npm run export -- report` carries the estimate columns; a report stored before them has them empty', async () => {
    const expected = estimate({ ...REPORT });
    if (!expected.complete) throw new Error('incomplete');
    const rows = await exported();
    expect(rows.find((row) => row.id === sent)).toMatchObject({
      estimate_low: String(expected.cost.total.low),
      estimate_expected: String(expected.cost.total.expected),
      estimate_high: String(expected.cost.total.high),
      estimate_currency: 'MXN',
      estimate_weeks: String(expected.time.totalWeeks),
      estimate_drivers: 'country roof',
      value_usd: String(expected.cost.expectedUsd),
    });
    expect(rows.find((row) => row.id === older)).toMatchObject({ estimate_expected: null, value_usd: null });
  });

  it('`npm run backfill:estimates` gives the older report its estimate, once', async () => {
    // insertReport's project: 8 × 12 × 6 m in Colombia, light steel, arched sandwich-panel roof (its zone is not read).
    const expected = estimate({
      pais: 'Colombia',
      anchoEdificacion: '8',
      largoEdificacion: '12',
      altoEdificacion: '6',
      uso: 'housing',
      sistemaConstructivo: 'steel-framing',
      diseno: 'Arco',
      tipoFachada: 'Ligeras',
      materialCubierta: 'Panel Sandwich',
      materialFachada: 'Ladrillo',
      estadoProyecto: 'Nueva',
      etapaProyecto: 'Concepcion',
    });
    if (!expected.complete) throw new Error('incomplete');
    expect(await backfill()).toBe("1 reports estimated; 0 without the building's width, length or height keep none\n");
    const row = (await exported()).find((r) => r.id === older);
    expect(row).toMatchObject({
      estimate_expected: String(expected.cost.total.expected),
      estimate_currency: 'COP',
      value_usd: String(expected.cost.expectedUsd),
    });
    // Already estimated: a second run (or one in parallel) writes nothing.
    expect(await backfill()).toBe("0 reports estimated; 0 without the building's width, length or height keep none\n");
  });
});
