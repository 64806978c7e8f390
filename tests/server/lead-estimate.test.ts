// A design report's estimate on its lead (migration 090): stored in the report's transaction,
// shown by the console's API, listed with its value in US dollars and exported in the CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimate } from '@obra/estimate';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, startLocalApi, type LocalApi } from './support/api.ts';

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
      drivers: ['country'],
      country: 'MX',
      fallback: false,
    });
    expect(lead.value_usd).toBe(expected.cost.expectedUsd);
    const list = (await (await admin.call('/api/admin/leads?kind=report')).json()) as { items: { id: string; value_usd: number | null }[] };
    expect(list.items.find((item) => item.id === id)?.value_usd).toBe(expected.cost.expectedUsd);
    const csv = (await (await admin.call('/api/admin/export.csv?kind=report')).text()).trim().split('\r\n');
    expect(csv[0]).toContain(
      'summary,estimate_low,estimate_expected,estimate_high,estimate_currency,estimate_weeks,estimate_drivers,value_usd,',
    );
    expect(csv.find((line) => line.startsWith(id))).toContain(`,${expected.cost.total.expected},`);
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
