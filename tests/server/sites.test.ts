// Partners' sites over real HTTP (docs/partners/sites.md): a site that is not approved is heard
// (its leads stored, flagged, answered so the page can act), within a budget per site whatever
// the addresses; a partner claim counts only from that partner's approved origins, and a forged
// one (no Origin, another site's Origin) is stored as a claim and never mailed to the partner;
// operators list the sites not approved and approve them for a partner, which adopts their
// earlier leads; approval e-mails the partner its code, snippets and guide, in its language.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@obra/i18n/locales/en/server.json' with { type: 'json' };
import es from '@obra/i18n/locales/es/server.json' with { type: 'json' };
import { approvedPartner, createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';

const ACME_SITE = 'https://acme.example';
const OTHER_SITE = 'https://otro-socio.example';
const UNKNOWN = 'https://nuevo-sitio.example';
let local: LocalApi;
let admin: Session;
let agent: Session;
let acme: string;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0', UNAPPROVED_SITE_WRITES: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'beto@example.com', 'agent');
  admin = await signInAs(local.base, 'ana@example.com');
  agent = await signInAs(local.base, 'beto@example.com');
  acme = await approvedPartner(local.base, admin, 'Acme', [ACME_SITE]);
  await approvedPartner(local.base, admin, 'otro', [OTHER_SITE]);
  // Every kind tells the team, and its partner (partnerCopy).
  const rules = ['wait-list', 'contact'].map((kind) => ({
    kind,
    recipients: ['equipo@example.com'],
    mode: 'each',
    lang: 'es',
    partnerCopy: true,
  }));
  expect((await admin.call('/api/admin/notifications', { method: 'PUT', body: { rules } })).status).toBe(204);
});
afterAll(() => local.close());

/** A wait-list lead named `nombre` claiming `partner`, sent with `headers` (an Origin, or none as curl sends). */
async function lead(nombre: string, partner: string | undefined, headers: Record<string, string>) {
  const response = await postJson(
    `${local.base}/api/wait-list`,
    { ...VALID['wait-list'], nombre, attribution: { widget: 'wait-list', version: 'dev', ...(partner ? { partner } : {}) } },
    headers,
  );
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { id: string; site?: string; partner?: string };
  const [row] = await local.api.db.query<Record<string, unknown>>(
    'select partner_code, partner_claim, embed_origin, embed_approved, status from lead where id = $1',
    [answer.id],
  );
  return { answer, row, cors: response.headers.get('access-control-allow-origin') };
}

/** The partner copies queued for a lead (the team's own notice is another row). */
const partnerCopies = (id: string) => local.api.db.query('select recipient from notification_mail where lead_id = $1 and to_partner', [id]);

describe('a partner claim', () => {
  it("counts from the partner's approved origin, in any case of the code, and the partner gets its copy", async () => {
    const { answer, row, cors } = await lead('Desde Acme', 'ACME', { origin: ACME_SITE });
    expect(answer).toEqual({ id: answer.id });
    expect(cors).toBe('*');
    expect(row).toMatchObject({ partner_code: 'Acme', partner_claim: null, embed_origin: ACME_SITE, embed_approved: true });
    expect(await partnerCopies(answer.id)).toEqual([{ recipient: 'acme@socio.example' }]);
  });

  it.each([
    ['without Origin (a script)', {}, { embed_origin: null, embed_approved: null }, { partner: 'unverified' }],
    [
      "from another partner's approved site",
      { origin: OTHER_SITE },
      { embed_origin: OTHER_SITE, embed_approved: true },
      { partner: 'unverified' },
    ],
    [
      'from a site not approved',
      { origin: UNKNOWN },
      { embed_origin: UNKNOWN, embed_approved: false },
      { site: 'unapproved', partner: 'unverified' },
    ],
    [
      'from a sandboxed frame (Origin: null)',
      { origin: 'null' },
      { embed_origin: null, embed_approved: false },
      { site: 'unapproved', partner: 'unverified' },
    ],
  ])('forged %s: stored as a claim, answered as unverified, never mailed to the partner', async (_how, headers, stored, notice) => {
    const { answer, row } = await lead(`Falso ${_how}`, 'Acme', headers);
    expect(answer).toEqual({ id: answer.id, ...notice });
    expect(row).toMatchObject({ partner_code: null, partner_claim: 'Acme', status: 'new', ...stored });
    expect(await partnerCopies(answer.id)).toEqual([]);
    // The team hears of it like any lead.
    expect(await local.api.db.query('select recipient from notification_mail where lead_id = $1', [answer.id])).toEqual([
      { recipient: 'equipo@example.com' },
    ]);
  });

  it('a retry under its key is answered as the first request was', async () => {
    const key = crypto.randomUUID();
    const body = { ...VALID['wait-list'], nombre: 'Reintento', attribution: { widget: 'wait-list', version: 'dev', partner: 'Acme' } };
    const first = await postJson(`${local.base}/api/wait-list`, body, { origin: UNKNOWN, 'idempotency-key': key });
    const again = await postJson(`${local.base}/api/wait-list`, body, { origin: UNKNOWN, 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const firstAnswer = await first.json();
    expect(firstAnswer).toMatchObject({ site: 'unapproved', partner: 'unverified' });
    expect(await again.json()).toEqual(firstAnswer);
  });
});

describe('a site that is not approved', () => {
  it('may call every public API with CORS, and its lead is stored in the inbox with the flag', async () => {
    const preflight = await fetch(`${local.base}/api/form-report`, {
      method: 'OPTIONS',
      headers: { origin: UNKNOWN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, obra-fill-ms' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    const places = await fetch(`${local.base}/api/location?query=bogota`, { headers: { origin: UNKNOWN } });
    expect([places.status, places.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    const { answer } = await lead('Sin socio', undefined, { origin: UNKNOWN });
    expect(answer).toEqual({ id: answer.id, site: 'unapproved' });
    const inbox = (await (await agent.call('/api/admin/leads?site=unapproved')).json()) as { items: { id: string }[] };
    expect(inbox.items.map((item) => item.id)).toContain(answer.id);
    const all = (await (await agent.call('/api/admin/leads?site=unapproved')).json()) as { items: { name: string }[] };
    expect(all.items.map((item) => item.name)).not.toContain('Desde Acme');
    expect((await agent.call('/api/admin/leads?site=approved')).status).toBe(400);
  });

  it('is listed for operators with its leads, last visit and claims, and the partners those name', async () => {
    const response = await agent.call('/api/admin/sites');
    expect(response.status).toBe(200);
    const { sites } = (await response.json()) as {
      sites: { origin: string | null; leads: number; claims: string[]; partners: { id: string; code: string; status: string }[] }[];
    };
    expect(sites.map((site) => site.origin)).toEqual([UNKNOWN, null]);
    expect(sites[0]).toMatchObject({ leads: 3, claims: ['Acme'], partners: [{ id: acme, code: 'Acme', status: 'approved' }] });
    expect(sites[1]).toMatchObject({ leads: 1, claims: ['Acme'] });
    expect((await fetch(`${local.base}/api/admin/sites`)).status).toBe(401);
  });

  it("approved for the partner it claimed, its earlier leads become that partner's (no mail afterwards) and leave the list", async () => {
    const response = await admin.call(`/api/admin/partners/${acme}`, { method: 'PATCH', body: { origins: [ACME_SITE, UNKNOWN] } });
    expect(response.status).toBe(200);
    const adopted = await local.api.db.query<{
      name: string;
      partner_code: string | null;
      partner_claim: string | null;
      embed_approved: boolean;
    }>('select name, partner_code, partner_claim, embed_approved from lead where embed_origin = $1 order by name', [UNKNOWN]);
    expect(adopted).toEqual([
      { name: 'Falso from a site not approved', partner_code: 'Acme', partner_claim: null, embed_approved: true },
      { name: 'Reintento', partner_code: 'Acme', partner_claim: null, embed_approved: true },
      { name: 'Sin socio', partner_code: null, partner_claim: null, embed_approved: true },
    ]);
    const [kindRow] = await local.api.db.query('select partner_code, partner_claim, embed_approved from wait_list where nombre = $1', [
      'Reintento',
    ]);
    expect(kindRow).toEqual({ partner_code: 'Acme', partner_claim: null, embed_approved: true });
    expect(
      await local.api.db.query(
        'select 1 from notification_mail where to_partner and lead_id in (select id from lead where embed_origin = $1)',
        [UNKNOWN],
      ),
    ).toEqual([]);
    const { sites } = (await (await agent.call('/api/admin/sites')).json()) as { sites: { origin: string | null }[] };
    expect(sites.map((site) => site.origin)).toEqual([null]);
    // The other claims of Acme (no Origin, another partner's site) stay claims.
    expect(await local.api.db.query("select count(*)::int as n from lead where partner_claim = 'Acme'")).toEqual([{ n: 3 }]);
  });
});

describe("a site's budget while it is not approved", () => {
  let limited: LocalApi;
  beforeAll(async () => {
    limited = await startLocalApi({ RATE_LIMIT: '0', UNAPPROVED_SITE_WRITES: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => limited.close());
  const send = (origin: string | undefined, address: string, lang: string) =>
    postJson(`${limited.base}/api/contact`, VALID.contact, {
      'x-forwarded-for': address,
      'accept-language': lang,
      ...(origin ? { origin } : {}),
    });

  it('counts the writes of all its visitors together, answers 429 naming it in es and en, and stores nothing more', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await send(UNKNOWN, `203.0.113.${i + 1}`, 'es')).status);
    expect(statuses).toEqual([201, 201, 201]);
    for (const [lang, words] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const refused = await send(UNKNOWN, '198.51.100.7', lang);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      const seconds = refused.headers.get('retry-after')!;
      expect(Number(seconds)).toBeGreaterThan(3000);
      expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
        words.origin.limited.replace('{{origin}}', UNKNOWN).replace('{{seconds}}', seconds),
      );
    }
    expect(await limited.rows('contact')).toHaveLength(3);
  });

  it('leaves other sites, its own origin and scripts without Origin alone', async () => {
    expect((await send('https://otro-nuevo.example', '198.51.100.7', 'es')).status).toBe(201);
    expect((await send(limited.base, '198.51.100.7', 'es')).status).toBe(201);
    expect((await send(undefined, '198.51.100.7', 'es')).status).toBe(201);
  });
});

describe("each client's share of a pending site's budget", () => {
  let shared: LocalApi;
  beforeAll(async () => {
    shared = await startLocalApi({ RATE_LIMIT: '0', UNAPPROVED_SITE_WRITES: '5', UNAPPROVED_CLIENT_WRITES: '2', TRUST_PROXY: '1' });
  });
  afterAll(() => shared.close());
  const send = (address: string, lang = 'en') =>
    postJson(`${shared.base}/api/contact`, VALID.contact, { 'x-forwarded-for': address, 'accept-language': lang, origin: UNKNOWN });

  it('one address exhausts its own share (429 naming the site, nothing stored), and a second address on the same site is still served', async () => {
    expect([(await send('203.0.113.50')).status, (await send('203.0.113.50')).status]).toEqual([201, 201]);
    // A script on one address: refused past its share, however often it tries; the site's budget is not spent.
    for (const lang of ['en', 'es'] as const) {
      const refused = await send('203.0.113.50', lang);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
        (lang === 'en' ? en : es).origin.limited.replace('{{origin}}', UNKNOWN).replace('{{seconds}}', refused.headers.get('retry-after')!),
      );
    }
    // Another IPv4 address, and an IPv6 /64, on the same site: served.
    expect((await send('198.51.100.60')).status).toBe(201);
    expect((await send('2001:db8:1:2::10')).status).toBe(201);
    // The same /64 is the same client: its other address shares its share.
    expect((await send('2001:db8:1:2::11')).status).toBe(201);
    expect((await send('2001:db8:1:2::12')).status).toBe(429);
    expect(await shared.rows('contact')).toHaveLength(5);
    // The site's own budget (5) still holds for all its visitors together.
    expect((await send('192.0.2.70')).status).toBe(429);
  });
});

describe('the welcome of an approved partner', () => {
  it('is e-mailed once, in the language of its registration, with its code, addresses, every snippet and the guide', async () => {
    const registered = await postJson(
      `${local.base}/api/partner`,
      { ...VALID.partner, nombre: 'Builders Ltd', correo: 'hello@builders.example' },
      { 'accept-language': 'en' },
    );
    const { id } = (await registered.json()) as { id: string };
    const approve = () =>
      admin.call(`/api/admin/partners/${id}/approve`, {
        method: 'POST',
        body: { code: 'builders', origins: ['https://builders.example'] },
      });
    expect((await approve()).status).toBe(200);
    expect((await approve()).status).toBe(409);
    const welcome = () => outboxMails(local.dataDir, 'notification-').filter((eml) => eml.includes('To: hello@builders.example'));
    await vi.waitFor(() => expect(welcome()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const text = welcome()[0]!.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain('Subject: Obra: your partner code builders is ready');
    expect(text).toContain('Hello Builders Ltd,');
    expect(text).toContain('  https://builders.example');
    // The links follow the host (no PUBLIC_URL here: the address `npm start` serves).
    for (const widget of ['wait-list', 'design-form', 'partner-registration', 'marketplace', 'software-detail'])
      expect(text).toContain(`<script src="http://localhost:8080/widgets/obra-${widget}.js" defer></script>`);
    expect(text).toContain(
      '<obra-marketplace partner="builders" detail-href="http://localhost:8080/{lang}/product/{slug}"></obra-marketplace>',
    );
    expect(text).toContain('<script type="module" src="http://localhost:8080/esm/loader.js"></script>');
    expect(text).toContain('http://localhost:8080/docs/partners/embedding.html');
    expect(await local.api.db.query('select count(*)::int as n from notification_mail where partner_id = $1', [id])).toEqual([{ n: 1 }]);
  });

  it('is in Spanish for a Spanish registration', async () => {
    await vi.waitFor(
      () =>
        expect(
          outboxMails(local.dataDir, 'notification-').some(
            (eml) => eml.includes('To: acme@socio.example') && eml.includes('Hola, Socio Acme:'),
          ),
        ).toBe(true),
      { timeout: 10_000, interval: 50 },
    );
  });
});
