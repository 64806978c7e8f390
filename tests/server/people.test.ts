// People over real HTTP (issue 40): a new lead joins the person of its e-mail address (case aside),
// a phone shared under another address is a suggested duplicate (national and international forms
// alike), an operator merges the two (audited on every lead's timeline) and undoes it (the exact
// grouping back; another's merge only by an admin), every refusal stores nothing, and migration
// 111 gives every lead stored before it a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames, openPglite, phoneKey, readPhones } from '@obra/server/testing';
import type { PersonSuggestion, PersonView } from '@obra/schema/admin-contract';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, removeDataDir, startLocalApi, tempDataDir, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
let eva: Session;
const XSS = '<img src=x onerror=alert(1)> "><script>alert(2)</script>';

const lead = async (kind: 'wait-list' | 'partner', fields: Record<string, string>) => {
  const response = await postJson(`${local.base}/api/${kind}`, { ...VALID[kind], ...fields });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};
const personOf = async (id: string, session = ana) => {
  const response = await session.call(`/api/admin/leads/${id}/person`);
  expect(response.status).toBe(200);
  return (await response.json()) as PersonView;
};
const suggestions = async () => ((await (await ana.call('/api/admin/people/suggestions')).json()) as { items: PersonSuggestion[] }).items;
const grouping = async () =>
  Object.fromEntries(
    (await local.api.db.query<{ id: string; person_id: string }>('select id, person_id from lead')).map((r) => [r.id, r.person_id]),
  );
const counts = async () =>
  (
    await local.api.db.query<{ merges: number; events: number; suggestions: number }>(
      `select (select count(*)::int from person_merge) as merges, (select count(*)::int from lead_event) as events,
         (select count(*)::int from person_suggestion where dismissed_at is null) as suggestions`,
    )
  )[0]!;

let waitList: string;
let partner: string;
let other: string;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  await createOperator(local.api.db, 'eva@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  eva = await signInAs(local.base, 'eva@example.com');
  // Pilar joins the wait list with her phone in national form, then registers as a partner with
  // her address capitalised and her phone in international form; Pedro gives Pilar's phone.
  waitList = await lead('wait-list', { nombre: 'Pilar Ruiz', correo: 'pilar@example.com', telefono: '321 1863000' });
  partner = await lead('partner', { nombre: 'Pilar Ruiz', correo: 'Pilar@Example.COM', telefono: '+57 321 1863000' });
  other = await lead('wait-list', { nombre: 'Pedro Gil', correo: 'pedro@example.com', telefono: '3211863000' });
  await readPhones(local.api.db);
});
afterAll(() => local.close());

describe('a new lead', () => {
  it('joins the person of its e-mail address whatever its case, and the person shows both leads and their history', async () => {
    const person = await personOf(partner);
    expect(person.items.map((item) => item.id).sort()).toEqual([waitList, partner].sort());
    expect(person).toMatchObject({ name: 'Pilar Ruiz', email: 'pilar@example.com', leads: 2 });
    expect(person.timeline.filter((event) => event.type === 'created').map((event) => event.lead)).toEqual([waitList, partner]);
    expect((await personOf(waitList)).id).toBe(person.id);
    const byId = await ana.call(`/api/admin/people/${person.id}`);
    expect(((await byId.json()) as PersonView).items).toHaveLength(2);
  });

  it('reads a phone in national and international form as one number', async () => {
    expect(phoneKey('321 1863000')).toBe('573211863000');
    expect(phoneKey('+57 321 186 3000')).toBe('573211863000');
    expect(phoneKey('not a phone')).toBe('');
    const keys = await local.api.db.query<{ phone_key: string }>('select phone_key from lead where id = any($1::uuid[])', [
      [waitList, partner, other],
    ]);
    expect(keys.map((row) => row.phone_key)).toEqual(['573211863000', '573211863000', '573211863000']);
  });

  it('with the same phone under another address is a suggested duplicate, not joined', async () => {
    const pilar = await personOf(partner);
    const pedro = await personOf(other);
    expect(pedro.id).not.toBe(pilar.id);
    expect(pilar.duplicates.map((d) => [d.id, d.name, d.leads])).toEqual([[pedro.id, 'Pedro Gil', 1]]);
    expect((await suggestions()).map((s) => [s.a.id, s.b.id].sort())).toEqual([[pilar.id, pedro.id].sort()]);
  });
});

describe('a merge', () => {
  let mergeId: string;
  let before: Record<string, string>;
  it('by an agent moves the leads, is on every lead’s timeline with who and why, and is no longer suggested', async () => {
    before = await grouping();
    const pilar = await personOf(partner);
    const pedro = await personOf(other);
    const response = await luis.call(`/api/admin/people/${pilar.id}/merge`, { method: 'POST', body: { person: pedro.id, reason: XSS } });
    expect(response.status).toBe(201);
    mergeId = ((await response.json()) as { merge: string }).merge;
    const merged = await personOf(other);
    expect(merged.id).toBe(pilar.id);
    expect(merged.leads).toBe(3);
    const events = merged.timeline.filter((event) => event.type === 'merge');
    expect(events.map((event) => event.actor)).toEqual(['luis@example.com', 'luis@example.com', 'luis@example.com']);
    expect(new Set(events.map((event) => event.lead))).toEqual(new Set([waitList, partner, other]));
    expect(events.find((event) => event.lead === waitList)!.detail).toBe(`Pedro Gil <pedro@example.com>\n${XSS.trim()}`);
    expect(events.find((event) => event.lead === other)!.detail).toBe(`Pilar Ruiz <pilar@example.com>\n${XSS.trim()}`);
    expect(merged.merges).toEqual([
      expect.objectContaining({ id: mergeId, actor: 'luis@example.com', reason: XSS.trim(), leads: 1, undone: false }),
    ]);
    expect(await suggestions()).toEqual([]);
    // A later lead under Pedro's address joins the merged person.
    const later = await lead('wait-list', { nombre: 'Pedro Gil', correo: 'PEDRO@example.com', telefono: '+57 300 123 4567' });
    expect((await personOf(later)).id).toBe(pilar.id);
  });

  it('is undone only by its author or an admin: the leads go back (with the later one of that address), audited, suggested again', async () => {
    const stored = await counts();
    const refused = await eva.call(`/api/admin/person-merges/${mergeId}/undo`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await counts()).toEqual(stored);
    expect((await ana.call(`/api/admin/person-merges/${mergeId}/undo`, { method: 'POST' })).status).toBe(200);
    const now = await grouping();
    for (const [id, person] of Object.entries(before)) expect(now[id]).toBe(person);
    const pedro = await personOf(other);
    expect(pedro.leads).toBe(2);
    expect(pedro.timeline.filter((event) => event.type === 'unmerge').map((event) => event.actor)).toEqual([
      'ana@example.com',
      'ana@example.com',
    ]);
    const pilar = await personOf(partner);
    expect(pilar.items).toHaveLength(2);
    expect(pilar.merges[0]).toMatchObject({ id: mergeId, undone: true });
    expect(pilar.timeline.filter((event) => event.type === 'unmerge')).toHaveLength(2);
    expect((await suggestions()).map((s) => [s.a.id, s.b.id].sort())).toEqual([[pilar.id, pedro.id].sort()]);
    const again = await ana.call(`/api/admin/person-merges/${mergeId}/undo`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'undone' });
  });

  it('of a suggested pair may be declined: dismissed, it is no longer suggested', async () => {
    const pilar = await personOf(partner);
    const pedro = await personOf(other);
    expect((await luis.call(`/api/admin/people/${pedro.id}/dismiss`, { method: 'POST', body: { person: pilar.id } })).status).toBe(200);
    expect(await suggestions()).toEqual([]);
    expect((await personOf(partner)).duplicates).toEqual([]);
    // Reading the phones again does not bring it back.
    await local.api.db.query('update lead set phone_key = null');
    await readPhones(local.api.db);
    expect(await suggestions()).toEqual([]);
    expect((await luis.call(`/api/admin/people/${pedro.id}/dismiss`, { method: 'POST', body: { person: pilar.id } })).status).toBe(404);
  });
});

describe('a refusal', () => {
  it('without a session is 401, without the CSRF token or from another origin 403, and stores nothing', async () => {
    const pilar = await personOf(partner);
    const pedro = await personOf(other);
    const [merge] = await local.api.db.query<{ id: string }>('select id from person_merge');
    const stored = await counts();
    for (const path of [`/api/admin/leads/${partner}/person`, `/api/admin/people/${pilar.id}`, '/api/admin/people/suggestions'])
      expect((await fetch(`${local.base}${path}`)).status).toBe(401);
    const writes: [string, unknown][] = [
      [`/api/admin/people/${pilar.id}/merge`, { person: pedro.id }],
      [`/api/admin/people/${pilar.id}/dismiss`, { person: pedro.id }],
      [`/api/admin/person-merges/${merge!.id}/undo`, undefined],
    ];
    for (const [path, body] of writes) {
      const anonymous = await fetch(`${local.base}${path}`, {
        method: 'POST',
        headers: { origin: local.base },
        body: JSON.stringify(body ?? {}),
      });
      expect(anonymous.status).toBe(401);
      expect((await ana.call(path, { method: 'POST', body, headers: { 'x-csrf-token': '' } })).status).toBe(403);
      expect((await ana.call(path, { method: 'POST', body, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    }
    expect(await counts()).toEqual(stored);
  });

  it('of a bad body or id is a 400 with its code (or 404), and stores nothing', async () => {
    const pilar = await personOf(partner);
    const pedro = await personOf(other);
    const stored = await counts();
    const merge = (body: unknown, id = pilar.id) => ana.call(`/api/admin/people/${id}/merge`, { method: 'POST', body });
    for (const [body, code] of [
      [{}, 'person'],
      [{ person: 'pedro' }, 'person'],
      [{ person: pilar.id }, 'person'],
      [{ person: '00000000-0000-4000-8000-000000000000' }, 'person'],
      [{ person: pedro.id, reason: 'x'.repeat(501) }, 'reason'],
      [{ person: pedro.id, reason: 'mismo\u202etel' }, 'characters'],
      [{ person: pedro.id, reason: 7 }, 'reason'],
    ] as const) {
      const response = await merge(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    expect((await merge({ person: pedro.id }, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ana.call('/api/admin/people/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ana.call('/api/admin/person-merges/00000000-0000-4000-8000-000000000000/undo', { method: 'POST' })).status).toBe(404);
    const page = await ana.call('/api/admin/people/suggestions?after=yesterday');
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ code: 'after' });
    expect(await counts()).toEqual(stored);
  });
});

describe('migration 111', () => {
  it('gives every lead stored before it a person: one per address, case aside', async () => {
    const dir = tempDataDir();
    const db = await openPglite(dir);
    try {
      const names = await migrationNames();
      await migrate(db, new Set(names.filter((name) => name < '111')));
      await db.query(
        `insert into wait_list (interesado, nombre, correo, telefono, comentario, request_hash, lang) values
           ('cliente', 'Ana', 'ana@example.com', '321 1863000', '', 'h1', 'es'),
           ('cliente', 'Ana', 'ANA@example.com', '+57 321 1863000', '', 'h2', 'es'),
           ('cliente', 'Otro', 'otro@example.com', '+57 321 1863000', '', 'h3', 'es')`,
      );
      // A database short of its migrations has no triggers yet (db/routines.ts): the leads are indexed as they were then.
      await db.query("select lead_row('wait-list', id, created_at, spam_reason, lang, nombre, correo, telefono, '') from wait_list");
      await migrate(db);
      const rows = await db.query<{ email: string; person_id: string }>('select email, person_id from lead order by email');
      expect(rows.every((row) => row.person_id)).toBe(true);
      const [upper, lower, otro] = rows;
      expect(upper!.person_id).toBe(lower!.person_id);
      expect(otro!.person_id).not.toBe(lower!.person_id);
      expect(await db.query('select count(*)::int as n from person')).toEqual([{ n: 2 }]);
      // The phones are read afterwards (in the background at start): the same number, a suggestion.
      expect(await readPhones(db)).toBe(3);
      expect(await db.query('select count(*)::int as n from person_suggestion')).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
      removeDataDir(dir);
    }
  });
});
