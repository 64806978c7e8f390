// Attribution over real HTTP (issue 15): where each lead came from is stored on every lead kind,
// the embedding origin from the Origin header (never from the body), bad or over-long values are
// refused with a 400 naming the field and store nothing, spam and replays behave as before, and
// the console filters by partner code and campaign, shows it on a lead and exports it. A partner
// code counts only from one of that partner's approved origins (forged claims: sites.test.ts).
import { csvRows } from './support/csv.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPartner, createOperator, signInAs, type Session } from './support/admin.ts';
import { ESTIMATE_COLUMNS } from '@obra/server/testing';
import { postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';

const PARTNER_SITE = 'https://constructora.example';
/** The one origin of each other approved partner of this file. */
const siteOf = (code: string) => `https://${code.toLowerCase()}.example`;
let local: LocalApi;
let admin: Session;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com');
  admin = await signInAs(local.base, 'ana@example.com');
  await approvedPartner(local.base, admin, 'ACME', [PARTNER_SITE]);
  for (const code of ['ZETA', 'OMEGA', 'CSVP', 'CSVF']) await approvedPartner(local.base, admin, code, [siteOf(code)]);
});
afterAll(() => local.close());

const ATTRIBUTION = {
  page: `${PARTNER_SITE}/obra/?utm_source=newsletter&utm_campaign=Primavera-2026`,
  referrer: 'https://buscador.example/search',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'Primavera-2026',
  utm_term: 'casas modulares',
  utm_content: 'banner-año',
  partner: 'ACME',
  widget: 'wait-list',
  version: '0.1.0',
};

const STORED = {
  page_url: ATTRIBUTION.page,
  referrer: ATTRIBUTION.referrer,
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'Primavera-2026',
  utm_term: 'casas modulares',
  utm_content: 'banner-año',
  partner_code: 'ACME',
  partner_claim: null,
  widget_version: '0.1.0',
  embed_approved: true,
};

const row = async (table: string, id: string) => (await local.rows(table)).find((r) => r.id === id);

/** A design report whose image this API generated (a report may carry no other). */
async function report() {
  const image = (await (await postJson(`${local.base}/api/generate-image`, { prompt: 'Casa', spec: { diseno: 'Plano' } })).json()) as {
    url: string;
  };
  return {
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Concepcion',
    ancho: '20',
    longitud: '30',
    anchoEdificacion: '10',
    largoEdificacion: '12',
    altoEdificacion: '6',
    uso: 'housing',
    usoEspecifico: '',
    sistemaConstructivo: 'modular',
    diseno: 'Plano',
    tipoFachada: 'Ligeras',
    materialCubierta: 'Panel Sandwich',
    materialFachada: 'Madera',
    zona: 'zone2',
    otros: [],
    nombre: 'Rosa Díaz',
    pais: 'Colombia',
    departamento: 'Antioquia',
    ciudad: 'Medellín',
    correo: 'rosa@example.com',
    telefono: '+57 300 765 4321',
    imageUrl: new URL(image.url, local.base).href,
    prompt: 'Casa',
  };
}

describe('attribution on every lead kind', () => {
  const kinds = [
    { path: 'wait-list', table: 'wait_list', widget: 'wait-list', body: async () => VALID['wait-list'] },
    { path: 'partner', table: 'partner', widget: 'partner-registration', body: async () => VALID.partner },
    { path: 'contact', table: 'contact', widget: 'contact', body: async () => VALID.contact },
    { path: 'form-report', table: 'report', widget: 'design-form', body: report },
  ] as const;

  it.each(kinds)('POST /api/$path stores it, with the Origin header as the embedding origin', async ({ path, table, widget, body }) => {
    const response = await postJson(
      `${local.base}/api/${path}`,
      { ...(await body()), attribution: { ...ATTRIBUTION, widget } },
      { origin: PARTNER_SITE },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await row(table, id)).toMatchObject({ ...STORED, widget, embed_origin: PARTNER_SITE });
    const [lead] = await local.api.db.query('select partner_code, utm_campaign from lead where id = $1', [id]);
    expect(lead).toEqual({ partner_code: 'ACME', utm_campaign: 'Primavera-2026' });
  });

  it('stores nulls for a submission without attribution or Origin (a partner server posting leads)', async () => {
    const response = await postJson(`${local.base}/api/contact`, VALID.contact);
    const { id } = (await response.json()) as { id: string };
    const stored = await row('contact', id);
    for (const column of [
      'page_url',
      'referrer',
      'utm_campaign',
      'partner_code',
      'partner_claim',
      'widget',
      'widget_version',
      'embed_origin',
      'embed_approved',
    ])
      expect(stored![column]).toBeNull();
  });

  it('takes the embedding origin from the Origin header only, whatever the body claims', async () => {
    const response = await postJson(
      `${local.base}/api/contact`,
      { ...VALID.contact, attribution: { ...ATTRIBUTION, widget: 'contact', origin: 'https://forged.example' } },
      { origin: PARTNER_SITE },
    );
    // An unknown member is refused rather than ignored, so the body has no say on the origin at all.
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ 'attribution.origin': 'unknown' });
    const ok = await postJson(
      `${local.base}/api/contact`,
      { ...VALID.contact, attribution: { widget: 'contact', version: 'dev' } },
      { origin: PARTNER_SITE },
    );
    expect((await row('contact', ((await ok.json()) as { id: string }).id))?.embed_origin).toBe(PARTNER_SITE);
  });
});

describe('refusals', () => {
  const refused = async (attribution: unknown) => {
    const before = (await local.rows('wait_list')).length;
    const response = await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], attribution });
    expect(response.status).toBe(400);
    expect(await local.rows('wait_list')).toHaveLength(before);
    const body = (await response.json()) as { errorMessage: string; errors: Record<string, string> };
    expect(body.errorMessage).toMatch(/attribution/);
    return body.errors;
  };

  it.each([
    ['a partner code of the wrong shape', { partner: 'AC' }, { 'attribution.partner': 'partner' }],
    ['a partner code with spaces', { partner: 'ACME CORP' }, { 'attribution.partner': 'partner' }],
    ['a widget not in the list', { widget: 'evil-widget' }, { 'attribution.widget': 'unknown' }],
    ['a page that is not an http(s) URL', { page: 'javascript:alert(1)' }, { 'attribution.page': 'url' }],
    ['a referrer that is not a URL', { referrer: 'not a url' }, { 'attribution.referrer': 'url' }],
    ['a number for a campaign', { utm_campaign: 7 }, { 'attribution.utm_campaign': 'type' }],
    ['a control character in a campaign', { utm_campaign: 'a\u202Eb' }, { 'attribution.utm_campaign': 'characters' }],
    ['a version with spaces', { version: '1 0' }, { 'attribution.version': 'characters' }],
  ])('answers 400 for %s, naming the field', async (_what, change, errors) => {
    expect(await refused({ ...ATTRIBUTION, ...change })).toEqual(errors);
  });

  it('answers 400 when attribution is not an object, or lacks the widget and version', async () => {
    expect(await refused('ACME')).toEqual({ attribution: 'type' });
    expect(await refused([ATTRIBUTION])).toEqual({ attribution: 'type' });
    expect(await refused({ partner: 'ACME' })).toEqual({ 'attribution.widget': 'type', 'attribution.version': 'type' });
  });

  it('answers 400 past each length cap (URL 2,048, UTM 200, version 32) and accepts each at its cap', async () => {
    const longPage = `${PARTNER_SITE}/${'a'.repeat(2048 - PARTNER_SITE.length)}`;
    expect(await refused({ ...ATTRIBUTION, page: longPage })).toEqual({ 'attribution.page': 'tooLong' });
    expect(await refused({ ...ATTRIBUTION, referrer: longPage })).toEqual({ 'attribution.referrer': 'tooLong' });
    expect(await refused({ ...ATTRIBUTION, utm_term: 'x'.repeat(201) })).toEqual({ 'attribution.utm_term': 'tooLong' });
    expect(await refused({ ...ATTRIBUTION, version: '1'.repeat(33) })).toEqual({ 'attribution.version': 'tooLong' });
    expect(await refused({ ...ATTRIBUTION, partner: 'P'.repeat(33) })).toEqual({ 'attribution.partner': 'tooLong' });
    const atCaps = {
      ...ATTRIBUTION,
      page: longPage.slice(0, 2048),
      utm_term: 'x'.repeat(200),
      version: '1'.repeat(32),
      partner: 'P'.repeat(32),
    };
    expect((await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], attribution: atCaps })).status).toBe(201);
  });

  it("reports the visitor's own field errors, not the attribution, when both are wrong", async () => {
    const response = await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], correo: 'no', attribution: { partner: '!' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ correo: 'email' });
  });
});

describe('spam and replays as before', () => {
  it('answers a honeypot submission 201 like any other, stored as spam with its attribution', async () => {
    const response = await postJson(
      `${local.base}/api/wait-list`,
      { ...VALID['wait-list'], attribution: ATTRIBUTION },
      { 'obra-trap': 'http://spam.example', origin: PARTNER_SITE },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await row('wait_list', id)).toMatchObject({ spam_reason: 'honeypot', partner_code: 'ACME' });
    const [lead] = await local.api.db.query<{ status: string }>('select status from lead where id = $1', [id]);
    expect(lead?.status).toBe('spam');
  });

  it("replays a retry under its key with the first attribution, never a 422 (attribution is not the visitor's data)", async () => {
    const key = crypto.randomUUID();
    const first = await postJson(
      `${local.base}/api/partner`,
      { ...VALID.partner, attribution: { ...ATTRIBUTION, widget: 'partner-registration' } },
      { 'idempotency-key': key, origin: PARTNER_SITE },
    );
    const again = await postJson(
      `${local.base}/api/partner`,
      { ...VALID.partner, attribution: { ...ATTRIBUTION, widget: 'partner-registration', utm_campaign: 'otra' } },
      { 'idempotency-key': key, origin: PARTNER_SITE },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const { id } = (await first.json()) as { id: string };
    expect(await again.json()).toEqual({ id });
    expect((await row('partner', id))?.utm_campaign).toBe('Primavera-2026');
  });
});

describe('the console', () => {
  type Page = { items: { id: string; name: string }[]; counts: Record<string, number> };
  /** A contact message from the site of its partner (or from no site at all with `forged`). */
  const send = async (name: string, attribution: Record<string, string>, forged = false) => {
    const response = await postJson(
      `${local.base}/api/contact`,
      { ...VALID.contact, name, attribution: { widget: 'contact', version: 'dev', ...attribution } },
      forged || !attribution.partner ? {} : { origin: siteOf(attribution.partner) },
    );
    return ((await response.json()) as { id: string }).id;
  };
  /** The rows of a console CSV download (UTF-8 after its BOM, comma-separated, quoted: docs/operators/console.md). */
  const csvLines = async (path: string) => csvRows(new Uint8Array(await (await admin.call(path)).arrayBuffer()));
  const list = async (query: string) => {
    const response = await admin.call(`/api/admin/leads${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  };

  // Case is folded by the database's lower(): ASCII everywhere; other letters only under a UTF-8 locale (PGlite's).
  it('filters the inbox by partner code and by campaign (any case), with counts for the filter', async () => {
    const a = await send('Filtro Uno', { partner: 'ZETA', utm_campaign: 'Otono' });
    const b = await send('Filtro Dos', { partner: 'ZETA', utm_campaign: 'invierno' });
    const c = await send('Filtro Tres', { partner: 'OMEGA', utm_campaign: 'OTONO' });
    // A claim of ZETA from no site of ZETA's is not ZETA's lead.
    await send('Filtro Falso', { partner: 'ZETA', utm_campaign: 'nada' }, true);
    expect((await list('?partner=ZETA')).items.map((i) => i.id)).toEqual([b, a]);
    expect((await list('?campaign=otono')).items.map((i) => i.id)).toEqual([c, a]);
    const both = await list('?partner=ZETA&campaign=OTONO&kind=contact');
    expect(both.items.map((i) => i.id)).toEqual([a]);
    expect(both.counts.new).toBe(1);
    expect((await list('?partner=NADIE')).items).toEqual([]);
  });

  it('refuses a partner filter that is not a code', async () => {
    const response = await admin.call('/api/admin/leads?partner=%27%20or%201%3D1');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(/partner must be a partner code/);
  });

  it('shows where a lead came from on its page', async () => {
    const response = await postJson(
      `${local.base}/api/wait-list`,
      { ...VALID['wait-list'], attribution: ATTRIBUTION },
      { origin: PARTNER_SITE },
    );
    const { id } = (await response.json()) as { id: string };
    const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { attribution: Record<string, string | null> };
    expect(lead.attribution).toEqual({ ...STORED, widget: 'wait-list', embed_origin: PARTNER_SITE });
  });

  it('exports the attribution columns in the CSV of the filter', async () => {
    await send('Exportada', {
      partner: 'CSVP',
      utm_campaign: 'csv-campaign',
      utm_source: 'feria',
      page: 'https://obra.example/es/valores?utm_campaign=csv-campaign',
    });
    const [header, line, ...rest] = await csvLines('/api/admin/export.csv?partner=CSVP');
    // The lead's columns, then the estimate's (admin-leads.test.ts), then the attribution's.
    const first = header!.indexOf('page_url');
    expect(first).toBe(13 + ESTIMATE_COLUMNS.length);
    expect(header!.slice(first)).toEqual([
      'page_url',
      'referrer',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'partner_code',
      'partner_claim',
      'widget',
      'widget_version',
      'embed_origin',
      'embed_approved',
    ]);
    expect(rest).toEqual([]);
    expect(line!.slice(first)).toEqual([
      'https://obra.example/es/valores?utm_campaign=csv-campaign',
      '',
      'feria',
      '',
      'csv-campaign',
      '',
      '',
      'CSVP',
      '',
      'contact',
      'dev',
      siteOf('CSVP'),
      'true',
    ]);
    // A campaign name is a visitor's text like any other: the formula guard covers it too.
    await send('Formula', { partner: 'CSVF', utm_campaign: '=HYPERLINK("http://evil")' });
    const guarded = (await csvLines('/api/admin/export.csv?partner=CSVF'))[1];
    expect(guarded).toContain(`'=HYPERLINK("http://evil")`);
  });
});
