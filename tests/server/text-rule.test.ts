// The one text rule over real HTTP (docs/contributors/behaviour.md#text): each free-text field of
// each public form and of the admin bodies refuses a value made only of invisible characters (and
// a bidi override, a non-character, a private-use one) with a 400, and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, insertReport, signInAs, type Session } from './support/admin.ts';
import { VALID, postJson, reportOn, startLocalApi, type LocalApi } from './support/api.ts';

/** Values that show as nothing, or as something else than what was typed. */
const BAD = ['\u200C\u200D', '\uFFFC', '\uFFFF', '\uFDD0', '\uE000', 'Ana \u202Egpj.exe', '\u0301'];

let local: LocalApi;
let ana: Session;
let lead: string;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  ana = await signInAs(local.base, 'ana@example.com');
  lead = await insertReport(local.api.db);
});
afterAll(() => local.close());

describe('public forms', () => {
  const FIELDS: [string, string, Record<string, unknown> | 'report', string[]][] = [
    ['/api/wait-list', 'wait_list', VALID['wait-list'], ['nombre', 'correo', 'telefono', 'comentario']],
    ['/api/partner', 'partner', VALID.partner, ['nombre', 'telefono', 'correo', 'pais']],
    ['/api/contact', 'contact', VALID.contact, ['name', 'email', 'message']],
    ['/api/form-report', 'report', 'report', ['nombre', 'pais', 'departamento', 'ciudad', 'correo', 'telefono', 'usoEspecifico', 'prompt']],
  ];

  it.each(FIELDS)(
    '%s: each text field refuses an invisible-only value with 400 `characters`, and stores nothing',
    async (path, table, valid, fields) => {
      const before = (await local.rows(table)).length;
      const base = valid === 'report' ? await reportOn(local.base) : valid;
      for (const field of fields) {
        for (const value of BAD) {
          const response = await postJson(`${local.base}${path}`, { ...base, [field]: value });
          expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
          expect(((await response.json()) as { errors: Record<string, string> }).errors[field]).toBe('characters');
        }
      }
      expect(await local.rows(table)).toHaveLength(before);
    },
  );

  it('an image prompt of invisible characters is a 400 `characters`', async () => {
    for (const prompt of BAD) {
      const response = await postJson(`${local.base}/api/generate-image`, { prompt });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: { prompt: 'characters' } });
    }
  });
});

describe('admin bodies', () => {
  const events = async () => (await local.api.db.query('select id from lead_event where lead_id = $1', [lead])).length;
  const stored = async () => ({
    events: await events(),
    lead: await local.api.db.query('select follow_up_at, follow_up_note from lead where id = $1', [lead]),
    views: await local.rows('saved_view'),
  });

  it.each([
    ['a note', (value: string) => [`/api/admin/leads/${lead}/notes`, 'POST', { text: value }] as const],
    [
      'a follow-up note',
      (value: string) => [`/api/admin/leads/${lead}`, 'PATCH', { followUp: { at: '2026-12-01T09:00:00-05:00', note: value } }] as const,
    ],
    ['a view name', (value: string) => ['/api/admin/views', 'POST', { name: value, query: '' }] as const],
  ])('%s refuses an invisible-only value with 400 `characters`, and stores nothing', async (_what, request) => {
    const before = await stored();
    for (const value of [...BAD, '\u0000note']) {
      const [path, method, body] = request(value);
      const response = await ana.call(path, { method, body });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'characters' });
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps what people write there: accents, emoji with joiners, line breaks in a note', async () => {
    const response = await ana.call(`/api/admin/leads/${lead}/notes`, { method: 'POST', body: { text: 'Llamó 👨‍👩‍👧\nquiere techo' } });
    expect(response.status).toBe(201);
  });
});
