// A partner code is one code whatever its case (issue 41; docs/operators/partners.md): a second
// partner cannot take a code that differs only in case (tests/server/partners.test.ts tests that
// 409); the inbox finds a partner's leads by its code typed in any case; the sites not approved
// list a code claimed in several cases once, in its partner's spelling; and leads that kept the
// case their page claimed (verified by migration 070) take their partner's spelling with
// migration 105, so the dashboard lists that partner once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPartner, createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, ROOT, startLocalApi, VALID, type LocalApi } from './support/api.ts';

const ACME_SITE = 'https://acme-mayusculas.example';
const UNKNOWN = 'https://sin-aprobar-mayusculas.example';
let local: LocalApi;
let admin: Session;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0', UNAPPROVED_SITE_WRITES: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  admin = await signInAs(local.base, 'ana@example.com');
  await approvedPartner(local.base, admin, 'Acme', [ACME_SITE]);
});
afterAll(() => local.close());

/** A wait-list lead named `nombre` claiming `partner` from the page at `origin`; its id. */
async function lead(nombre: string, partner: string, origin: string): Promise<string> {
  const response = await postJson(
    `${local.base}/api/wait-list`,
    { ...VALID['wait-list'], nombre, attribution: { widget: 'wait-list', version: 'dev', partner } },
    { origin },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const inbox = async (partner: string) => {
  const response = await admin.call(`/api/admin/leads?partner=${partner}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
};

describe('a partner code in another case', () => {
  let ids: string[] = [];

  it("counts for the partner, in the partner's spelling", async () => {
    ids = [await lead('Mayúsculas', 'ACME', ACME_SITE), await lead('Minúsculas', 'acme', ACME_SITE)];
    const rows = await local.api.db.query('select partner_code from lead where id = any($1)', [ids]);
    expect(rows).toEqual([{ partner_code: 'Acme' }, { partner_code: 'Acme' }]);
  });

  it("finds the partner's leads in the inbox, typed in any case", async () => {
    for (const typed of ['Acme', 'ACME', 'acme', 'aCmE']) expect(await inbox(typed)).toEqual([...ids].reverse());
    expect(await inbox('acm')).toEqual([]);
  });

  it('is listed once among the claims of a site not approved, in its partner’s spelling', async () => {
    for (const claim of ['ACME', 'acme', 'NADIE', 'Nadie', 'nadie']) await lead(`Reclamo ${claim}`, claim, UNKNOWN);
    const { sites } = (await (await admin.call('/api/admin/sites')).json()) as {
      sites: { origin: string | null; leads: number; claims: string[]; partners: { code: string }[] }[];
    };
    const site = sites.find((entry) => entry.origin === UNKNOWN);
    expect(site?.leads).toBe(5);
    // A code no partner holds is listed in one of the spellings it was claimed in.
    expect(site?.claims.map((code) => code.toLowerCase()).toSorted()).toEqual(['acme', 'nadie']);
    expect(site?.claims).toContain('Acme');
    expect(site?.partners.map((partner) => partner.code)).toEqual(['Acme']);
  });
});

describe('migration 105 on leads that kept the case their page claimed', () => {
  it("gives them their partner's spelling, so the inbox and the dashboard count the partner once", async () => {
    const legacy = await lead('Antigua', 'Acme', ACME_SITE);
    // As migration 070 left a verified claim: the page's case, on the lead, its kind row and the rollup.
    await local.api.db.query("update lead set partner_code = 'ACME' where id = $1", [legacy]);
    await local.api.db.query("update wait_list set partner_code = 'ACME' where id = $1", [legacy]);
    await local.api.db.query('select lead_rollup_rebuild()');
    const partners = async () => {
      const response = await admin.call('/api/admin/dashboard?weeks=4');
      expect(response.status).toBe(200);
      return ((await response.json()) as { origins: { partner: { top: { value: string; n: number }[] } } }).origins.partner.top;
    };
    expect((await partners()).toSorted((a, b) => a.value.localeCompare(b.value))).toEqual([
      { value: 'Acme', n: 2 },
      { value: 'ACME', n: 1 },
    ]);
    await local.api.db.exec(readFileSync(join(ROOT, 'packages/server/migrations/105_partner_code_case.sql'), 'utf8'));
    expect(await local.api.db.query('select partner_code from lead where id = $1', [legacy])).toEqual([{ partner_code: 'Acme' }]);
    expect(await local.api.db.query('select partner_code from wait_list where id = $1', [legacy])).toEqual([{ partner_code: 'Acme' }]);
    expect(await partners()).toEqual([{ value: 'Acme', n: 3 }]);
    expect(await inbox('acme')).toHaveLength(3);
  });
});
