// POST /api/estimate over real HTTP: the answer, the refusals (schema keys, size, type, method)
// and the rate limit it shares with the reads. Nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimate } from '@obra/estimate';
import { startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT_READS: '0' });
});
afterAll(() => local.close());

const house = {
  anchoEdificacion: '8',
  largoEdificacion: '12',
  altoEdificacion: '6',
  uso: 'housing',
  sistemaConstructivo: 'mamposteria-confinada',
  diseno: 'Doble pendiente',
  materialCubierta: 'Arcilla/Concreto',
  tipoFachada: 'Tradicional',
  materialFachada: 'Ladrillo',
  zona: 'zone2',
  estadoProyecto: 'Nueva',
  etapaProyecto: 'Concepcion',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
};
const post = (body: unknown, headers: Record<string, string> = {}, base = local.base) =>
  fetch(`${base}/api/estimate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/estimate', () => {
  it('answers the estimate of a project, with its sources, and stores nothing', async () => {
    const tables = ['report', 'wait_list', 'partner', 'contact', 'image'];
    const count = async () => (await Promise.all(tables.map((table) => local.rows(table)))).map((rows) => rows.length);
    const before = await count();
    const response = await post(house);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = await response.json();
    expect(body).toMatchObject({
      complete: true,
      indicative: true,
      region: 'CO',
      type: 'house',
      far: false,
      quantities: { builtArea: 192, floors: 2 },
    });
    // The package's arithmetic (pinned in tests/unit/estimate.test.ts), answered as it is.
    const expected = estimate(house);
    if (!expected.complete) throw new Error('incomplete');
    expect(body.cost.total).toEqual(expected.cost.total);
    expect(body.time.totalWeeks).toBe(expected.time.totalWeeks);
    // ±33.91 %: the country's ±30 % and the gable's roof share (3.91 %), a roof design no factor prices.
    expect(body.cost.uncertainty).toBeCloseTo(0.3391, 4);
    expect(body.cost.currency).toBe('COP');
    expect(body.cost.expectedUsd).toBe(Math.round(expected.cost.total.expected / 3765.8));
    // whose figure, and its reference
    expect(body.cost.basis).toEqual({ from: 'own', source: 'infobae-co-2024', date: '2024-06' });
    expect(body.sources[body.cost.basis.source].url).toMatch(/^https:\/\/infobae\.com\//);
    expect(await count()).toEqual(before);
  });

  it('accepts a partial project: absent choices take the reference, and the country picks the currency', async () => {
    const response = await post({ anchoEdificacion: '20', largoEdificacion: '40', altoEdificacion: '8', uso: 'warehouse', pais: 'Spain' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ region: 'ES', family: 'industrial', cost: { currency: 'EUR' } });
    expect(body.defaulted).toContain('sistemaConstructivo');
  });

  it("refuses bad fields with the schema's error keys", async () => {
    const response = await post({ ...house, uso: 'castle', anchoEdificacion: '123456', ciudad: 'x'.repeat(121), otros: ['pool'] });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({ uso: 'choose', anchoEdificacion: 'dimension', ciudad: 'tooLong', otros: 'choose' });
    expect(body.errorMessage).toMatch(/no son válidos/);
  });

  it('refuses a project without the building dimensions, or with a zero one', async () => {
    const missing = await post({ uso: 'housing', pais: 'Colombia' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual({
      anchoEdificacion: 'required',
      largoEdificacion: 'required',
      altoEdificacion: 'required',
    });
    const zero = await post({ ...house, altoEdificacion: '0' });
    expect(zero.status).toBe(400);
    expect((await zero.json()).errors).toEqual({ altoEdificacion: 'range' });
  });

  it("refuses dimensions outside the use's bounds with the schema keys, and stores nothing", async () => {
    const tables = ['report', 'wait_list', 'partner', 'contact', 'image'];
    const count = async () => (await Promise.all(tables.map((table) => local.rows(table)))).map((rows) => rows.length);
    const before = await count();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { anchoEdificacion: '0.05', largoEdificacion: '0.05' },
        { anchoEdificacion: 'range', largoEdificacion: 'range' },
      ],
      [
        { anchoEdificacion: '99999', largoEdificacion: '99999' },
        { anchoEdificacion: 'range', largoEdificacion: 'range' },
      ],
      [{ altoEdificacion: '99999' }, { altoEdificacion: 'range' }],
      [{ uso: 'warehouse', altoEdificacion: '1000' }, { altoEdificacion: 'range' }],
      [{ anchoEdificacion: '200', largoEdificacion: '300' }, { largoEdificacion: 'area' }],
      [{ ancho: '6', longitud: '20' }, { anchoEdificacion: 'fit' }],
    ];
    for (const [fields, errors] of cases) {
      const response = await post({ ...house, ...fields });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual(errors);
    }
    // At the bounds: a warehouse 50 m tall, a house 500 m tall.
    expect((await post({ ...house, uso: 'warehouse', altoEdificacion: '50' })).status).toBe(200);
    expect((await post({ ...house, altoEdificacion: '500' })).status).toBe(200);
    expect(await count()).toEqual(before);
  });

  it('assumes no country: a missing or unknown one is refused with a clear message, in English too', async () => {
    const { pais: _, ...nowhere } = house;
    for (const [body, key] of [
      [nowhere, 'required'],
      [{ ...house, pais: '  ' }, 'required'],
      [{ ...house, pais: 'Narnia' }, 'choose'],
      [{ ...house, pais: 'ZZ' }, 'choose'],
    ] as const) {
      const response = await post(body, { 'Accept-Language': 'en' });
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer.errors).toEqual({ pais: key });
      expect(answer.errorMessage).toMatch(/^An estimate needs pais: a country's name in Spanish or English, or its ISO code/);
    }
    // Another refused field is named with it; a country by its ISO code is taken.
    expect((await (await post({ ...nowhere, uso: 'castle' })).json()).errors).toEqual({ uso: 'choose', pais: 'required' });
    expect(await (await post({ ...house, pais: 'mx' })).json()).toMatchObject({ region: 'MX', cost: { currency: 'MXN' } });
    // Any country, not only the ones priced before: Brazil in reais from SindusCon-SP, Germany by the survey's Frankfurt.
    expect(await (await post({ ...house, pais: 'Brasil' })).json()).toMatchObject({
      region: 'BR',
      cost: { currency: 'BRL', basis: { from: 'own' } },
    });
    expect(await (await post({ ...house, pais: 'Germany' })).json()).toMatchObject({
      region: 'DE',
      cost: { currency: 'USD', basis: { from: 'survey', market: 'Frankfurt' } },
    });
  });

  it('refuses what is not a JSON object, another type, a large body and GET', async () => {
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post('{not json')).status).toBe(400);
    expect((await post(house, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post({ ...house, usoEspecifico: 'x'.repeat(9000) })).status).toBe(413);
    const get = await fetch(`${local.base}/api/estimate`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/estimate rate limit', () => {
  let limited: LocalApi;
  beforeAll(async () => {
    limited = await startLocalApi({ RATE_LIMIT_READS: '2' });
  });
  afterAll(() => limited.close());

  it('counts with the reads: 429 with Retry-After past the limit', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(house, {}, limited.base)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await post(house, {}, limited.base);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
