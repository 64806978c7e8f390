// Partners end to end over real HTTP: a registration becomes a pending partner, an admin (never an
// agent, never without the CSRF token) approves it with a code and origins, leads from those origins
// count as from an approved site and for the partner (APPROVED_ORIGINS approve sites too), a
// suspended partner's origins stop counting, and every change is on the registration's timeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';

const FIXED = 'https://fijo.example';
const SITE = 'https://constructora-luis.example';
let local: LocalApi;
let admin: Session;
let agent: Session;

interface Partner {
  id: string;
  status: string;
  code: string | null;
  suggestedCode?: string | null;
  origins: string[];
  approvedBy: string | null;
  registration: { nombre: string; correo: string };
}

beforeAll(async () => {
  // A long cache: the changes below must reach CORS through this process's invalidation, not by expiry.
  local = await startLocalApi({ RATE_LIMIT: '0', APPROVED_ORIGINS: FIXED, CORS_CACHE_MS: '600000' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'beto@example.com', 'agent');
  admin = await signInAs(local.base, 'ana@example.com');
  agent = await signInAs(local.base, 'beto@example.com');
});
afterAll(() => local.close());

const register = async (nombre: string, headers: Record<string, string> = {}) => {
  const response = await postJson(`${local.base}/api/partner`, { ...VALID.partner, nombre }, headers);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};
const partner = async (id: string) => (await (await admin.call(`/api/admin/partners/${id}`)).json()) as Partner;
let sent = 0;
/**
 * What a lead from `origin` claiming the code Luis-Obra counts for: the answer's notice (the
 * widget's `obra-error` reason) and the stored row's verdict.
 */
const verdict = async (origin: string) => {
  const nombre = `Visitante ${(sent += 1)}`;
  const response = await postJson(
    `${local.base}/api/wait-list`,
    { ...VALID['wait-list'], nombre, attribution: { widget: 'wait-list', version: 'dev', partner: 'luis-obra' } },
    { origin },
  );
  expect(response.status).toBe(201);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const answer = (await response.json()) as { site?: string; partner?: string };
  const [row] = await local.api.db.query<{ embed_approved: boolean; partner_code: string | null; partner_claim: string | null }>(
    'select embed_approved, partner_code, partner_claim from lead where name = $1',
    [nombre],
  );
  return { site: answer.site ?? 'approved', partner: answer.partner ?? 'verified', row };
};

describe('a registration', () => {
  it('becomes a pending partner with a code suggested from its name; spam does not', async () => {
    const id = await register('Luis Pérez Ñandú');
    await register('Bot Falso', { 'Obra-Trap': 'filled' });
    const list = (await (await admin.call('/api/admin/partners')).json()) as { partners: Partner[]; counts: Record<string, number> };
    expect(list.partners.map((p) => [p.registration.nombre, p.status])).toEqual([['Luis Pérez Ñandú', 'pending']]);
    expect(list.counts).toEqual({ pending: 1, approved: 0, suspended: 0 });
    expect(await partner(id)).toMatchObject({ status: 'pending', code: null, suggestedCode: 'luis-perez-nandu', origins: [] });
  });

  it('taken for spam and rescued by an operator, it becomes pending then', async () => {
    const id = await register('Rescatado Real', { 'Obra-Trap': 'x' });
    expect((await admin.call(`/api/admin/partners/${id}`)).status).toBe(404);
    expect((await admin.call(`/api/admin/leads/${id}`, { method: 'PATCH', body: { status: 'new' } })).status).toBe(204);
    expect(await partner(id)).toMatchObject({ status: 'pending', registration: { nombre: 'Rescatado Real' } });
  });
});

describe('who may change a partner', () => {
  let id: string;
  beforeAll(async () => {
    id = await register('Segura Ltda');
  });

  it('every admin call needs a session (401); an agent reads but may not approve (403)', async () => {
    expect((await fetch(`${local.base}/api/admin/partners`)).status).toBe(401);
    expect((await agent.call('/api/admin/partners')).status).toBe(200);
    expect((await agent.call(`/api/admin/partners/${id}`)).status).toBe(200);
    const refused = await agent.call(`/api/admin/partners/${id}/approve`, {
      method: 'POST',
      body: { code: 'segura', origins: ['https://segura.example'] },
    });
    expect(refused.status).toBe(403);
    for (const [method, path] of [
      ['PATCH', ''],
      ['POST', '/suspend'],
      ['POST', '/reinstate'],
    ] as const) {
      expect((await agent.call(`/api/admin/partners/${id}${path}`, { method, body: { origins: [] } })).status).toBe(403);
    }
    expect((await partner(id)).status).toBe('pending');
  });

  it('an approval without the CSRF token, or from another origin, is refused and changes nothing', async () => {
    const body = { code: 'segura', origins: ['https://segura.example'] };
    const noToken = await admin.call(`/api/admin/partners/${id}/approve`, { method: 'POST', body, headers: { 'x-csrf-token': '' } });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as { code: string }).code).toBe('csrf');
    const otherOrigin = await admin.call(`/api/admin/partners/${id}/approve`, {
      method: 'POST',
      body,
      headers: { origin: 'https://segura.example' },
    });
    expect(otherOrigin.status).toBe(403);
    expect(otherOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect((await partner(id)).status).toBe('pending');
  });

  it('a bad code or origin is a 400 naming the field, and nothing is stored', async () => {
    const approve = (body: unknown) => admin.call(`/api/admin/partners/${id}/approve`, { method: 'POST', body });
    for (const code of ['ab', 'con espacio', 'añejo', 'x'.repeat(33), 42]) {
      const response = await approve({ code, origins: [] });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ code: 'partner-code' });
    }
    for (const origin of [
      'https://segura.example/path',
      'https://*.segura.example',
      'http://segura.example',
      'ftp://segura.example',
      'segura.example',
      'https://user@segura.example',
      'https://10.0.0.1',
      'https://segura.example?x=1',
      'https://intranet',
    ]) {
      const response = await approve({ code: 'segura', origins: ['https://ok.example', origin] });
      expect(response.status, origin).toBe(400);
      expect((await response.json()) as object).toMatchObject({ errors: { origins: 'partner-origin' }, value: origin });
    }
    expect((await approve({ code: 'segura', origins: 'https://segura.example' })).status).toBe(400);
    expect((await approve({ code: 'segura', origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) })).status).toBe(400);
    expect(await partner(id)).toMatchObject({ status: 'pending', code: null, origins: [] });
    expect(await local.api.db.query("select 1 from lead_event where lead_id = $1 and type like 'partner.%'", [id])).toHaveLength(0);
  });
});

describe('approval and sites', () => {
  let id: string;
  beforeAll(async () => {
    id = await register('Luis Constructora');
  });

  it('before approval its site is heard but not approved, and the claim does not count; APPROVED_ORIGINS approve a site', async () => {
    expect(await verdict(SITE)).toEqual({
      site: 'unapproved',
      partner: 'unverified',
      row: { embed_approved: false, partner_code: null, partner_claim: 'luis-obra' },
    });
    expect(await verdict(FIXED)).toEqual({
      site: 'approved',
      partner: 'unverified',
      row: { embed_approved: true, partner_code: null, partner_claim: 'luis-obra' },
    });
  });

  it('approved with a code and origins (normalised), its leads count for it at once, the earlier ones too', async () => {
    const response = await admin.call(`/api/admin/partners/${id}/approve`, {
      method: 'POST',
      body: { code: ' Luis-Obra ', origins: [`${SITE}/`, 'HTTPS://Constructora-Luis.example:443', 'http://localhost:5173'] },
    });
    expect(response.status).toBe(200);
    expect((await response.json()) as Partner).toMatchObject({
      status: 'approved',
      code: 'Luis-Obra',
      origins: [SITE, 'http://localhost:5173'],
      approvedBy: 'ana@example.com',
    });
    const verified = {
      site: 'approved',
      partner: 'verified',
      row: { embed_approved: true, partner_code: 'Luis-Obra', partner_claim: null },
    };
    expect(await verdict(SITE)).toEqual(verified);
    expect(await verdict('http://localhost:5173')).toEqual(verified);
    // The lead its site sent before the approval was adopted; the one from FIXED claimed it from elsewhere.
    const before = await local.api.db.query(
      'select name, embed_approved, partner_code, partner_claim from lead where name in ($1, $2) order by name',
      ['Visitante 1', 'Visitante 2'],
    );
    expect(before).toEqual([
      { name: 'Visitante 1', embed_approved: true, partner_code: 'Luis-Obra', partner_claim: null },
      { name: 'Visitante 2', embed_approved: true, partner_code: null, partner_claim: 'luis-obra' },
    ]);
    const [kindRow] = await local.api.db.query('select partner_code, partner_claim, embed_approved from wait_list where nombre = $1', [
      'Visitante 1',
    ]);
    expect(kindRow).toEqual({ partner_code: 'Luis-Obra', partner_claim: null, embed_approved: true });
  });

  it("records the approval on the registration's timeline, by whom", async () => {
    const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as {
      timeline: { type: string; actor: string | null; detail: string }[];
    };
    expect(lead.timeline.filter((e) => e.type.startsWith('partner.')).map((e) => [e.type, e.actor, e.detail])).toEqual([
      ['partner.approved', 'ana@example.com', `Luis-Obra ${SITE} http://localhost:5173`],
    ]);
  });

  it('a code is unique whatever its case, cannot change, and a partner is approved once', async () => {
    const other = await register('Otra Empresa');
    const taken = await admin.call(`/api/admin/partners/${other}/approve`, { method: 'POST', body: { code: 'luis-obra', origins: [] } });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { errors: object }).errors).toEqual({ code: 'partner-code-taken' });
    expect((await admin.call(`/api/admin/partners/${id}/approve`, { method: 'POST', body: { code: 'nuevo', origins: [] } })).status).toBe(
      409,
    );
    const renamed = await admin.call(`/api/admin/partners/${id}`, { method: 'PATCH', body: { code: 'nuevo', origins: [SITE] } });
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toEqual({
      errorMessage: "The code cannot change once given: partners' pages carry it.",
      code: 'partner-code-fixed',
      errors: { code: 'partner-code-fixed' },
    });
    // Origins are what an edit sends: without them it is refused, and the origins stay.
    const empty = await admin.call(`/api/admin/partners/${id}`, { method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      errorMessage: 'origins must be a list of origins such as https://partner.example.',
      code: 'partner-origins',
      errors: { origins: 'partner-origins' },
    });
    expect(await partner(id)).toMatchObject({ code: 'Luis-Obra', origins: [SITE, 'http://localhost:5173'] });
    expect(
      (await admin.call('/api/admin/partners/00000000-0000-4000-8000-000000000000/suspend', { method: 'POST', body: {} })).status,
    ).toBe(404);
  });

  it('editing the origins moves the approved sites with them', async () => {
    const response = await admin.call(`/api/admin/partners/${id}`, {
      method: 'PATCH',
      body: { origins: [SITE, 'https://nuevo-luis.example'] },
    });
    expect(response.status).toBe(200);
    expect((await verdict('https://nuevo-luis.example')).partner).toBe('verified');
    expect(await verdict('http://localhost:5173')).toMatchObject({ site: 'unapproved', partner: 'unverified' });
  });

  it('suspended, its origins stop counting (leads still stored); reinstated, they count again', async () => {
    expect((await admin.call(`/api/admin/partners/${id}/suspend`, { method: 'POST', body: {} })).status).toBe(200);
    expect(await partner(id)).toMatchObject({ status: 'suspended', code: 'Luis-Obra' });
    expect(await verdict(SITE)).toMatchObject({ site: 'unapproved', partner: 'unverified', row: { partner_code: null } });
    expect((await verdict(FIXED)).site).toBe('approved');
    expect((await admin.call(`/api/admin/partners/${id}/suspend`, { method: 'POST', body: {} })).status).toBe(409);
    expect((await admin.call(`/api/admin/partners/${id}/reinstate`, { method: 'POST', body: {} })).status).toBe(200);
    expect((await verdict(SITE)).partner).toBe('verified');
    const lead = (await (await admin.call(`/api/admin/leads/${id}`)).json()) as { timeline: { type: string }[] };
    expect(lead.timeline.map((e) => e.type).filter((t) => t.startsWith('partner.'))).toEqual([
      'partner.approved',
      'partner.origins',
      'partner.suspended',
      'partner.reinstated',
    ]);
  });

  it("forgetting an approved partner's registration forgets the partner, and its origins at once", async () => {
    const other = await register('Olvidame SAS');
    expect(
      (
        await admin.call(`/api/admin/partners/${other}/approve`, {
          method: 'POST',
          body: { code: 'olvidame', origins: ['https://olvidame.example'] },
        })
      ).status,
    ).toBe(200);
    expect((await verdict('https://olvidame.example')).site).toBe('approved');
    expect((await admin.call(`/api/admin/leads/${other}`, { method: 'DELETE' })).status).toBe(204);
    expect((await admin.call(`/api/admin/partners/${other}`)).status).toBe(404);
    expect((await verdict('https://olvidame.example')).site).toBe('unapproved');
  });

  it('lists by status, pending first', async () => {
    const all = (await (await agent.call('/api/admin/partners')).json()) as { partners: Partner[] };
    expect(all.partners[0]!.status).toBe('pending');
    expect(all.partners.at(-1)!.status).toBe('approved');
    const approved = (await (await agent.call('/api/admin/partners?status=approved')).json()) as { partners: Partner[] };
    expect(approved.partners.map((p) => p.code)).toEqual(['Luis-Obra']);
    expect((await agent.call('/api/admin/partners?status=nope')).status).toBe(400);
    expect((await agent.call('/api/admin/partners?page=0')).status).toBe(400);
  });
});

describe("another process's change", () => {
  let short: LocalApi;
  beforeAll(async () => {
    short = await startLocalApi({ RATE_LIMIT: '0', CORS_CACHE_MS: '300' });
  });
  afterAll(() => short.close());

  it("reaches this process's allow-list within CORS_CACHE_MS, without a restart", async () => {
    const origin = 'https://otro-proceso.example';
    const response = await postJson(`${short.base}/api/partner`, { ...VALID.partner, nombre: 'Otro Proceso' });
    const { id } = (await response.json()) as { id: string };
    // Whether a lead from `origin` is answered as from a site not approved.
    const unapproved = async () =>
      (
        (await (
          await postJson(`${short.base}/api/contact`, { name: 'Ana', email: 'ana@example.com', message: 'Hola' }, { origin })
        ).json()) as {
          site?: string;
        }
      ).site === 'unapproved';
    expect(await unapproved()).toBe(true);
    // What an admin's approval through another API process leaves in the shared database.
    await short.api.db.query("update partner_account set status = 'approved', code = 'otro', origins = $2 where id = $1", [id, [origin]]);
    await expect.poll(unapproved, { timeout: 10_000, interval: 100 }).toBe(false);
    await short.api.db.query("update partner_account set status = 'suspended' where id = $1", [id]);
    await expect.poll(unapproved, { timeout: 10_000, interval: 100 }).toBe(true);
  });
});
