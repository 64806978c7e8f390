// Defects of issue 40 over real HTTP: phones typed in national form read in the lead's country
// (the inbox, the lead, the CSV and the new-lead mail agree); "All" and "every lead matching" leave
// spam out; a bulk change undone by its operator only (each lead back to its own value, audited,
// 401/403/404 and CSRF refused); the CSV as UTF-8 with its BOM, times in the operator's zone,
// words not codes, follow-up and notes, opened by LibreOffice with its default options.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, postJson, reportOn, startLocalApi, type LocalApi } from './support/api.ts';
import { csvRows, parseCsv } from './support/csv.ts';
import { bodyOf, isTo } from './support/mail.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
const rows = <T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) => local.api.db.query<T>(sql, params);
const idOf = async (name: string) => (await rows<{ id: string }>('select id from lead where name = $1', [name]))[0]!.id;

/** A number typed in national form, the lead's country, and the number in international form. */
const PHONES = [
  ['321 1863000', null, '+57 321 1863000'],
  ['33 1234 5678', 'MX', '+52 33 1234 5678'],
  ['612 34 56 78', 'ES', '+34 612 34 56 78'],
  ['(415) 555-2671', 'US', '+1 415 555 2671'],
  ['11 91234-5678', 'BR', '+55 11 91234 5678'],
] as const;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  await rows("update admin_user set time_zone = 'America/Bogota', lang = 'es' where email = 'ana@example.com'");
  await rows("update admin_user set time_zone = 'Europe/Madrid', lang = 'en' where email = 'luis@example.com'");
  // Leads stored before numbers were sent in international form; the country is what the lead says
  // of itself (a design report's estimate), none meaning the default, Colombia.
  for (const [i, [phone, country]] of PHONES.entries()) {
    await rows(
      `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
       values (timestamptz '2026-03-02 14:05:00Z' + make_interval(mins => $1), 'cliente', $2, $3, $4, 'Casa', 'h', 'es')`,
      [i, `Tel ${i}`, `tel${i}@example.com`, phone],
    );
    if (country) await rows("update lead set estimate = jsonb_build_object('country', $2::text) where name = $1", [`Tel ${i}`, country]);
  }
  // Three new leads, and one taken for spam.
  await rows(
    `insert into contact (created_at, name, email, message, request_hash, lang, spam_reason)
     select timestamptz '2026-03-01' + make_interval(mins => n), 'Nuevo ' || n, 'n' || n || '@example.com', 'Hola', 'h', 'es',
       case when n = 4 then 'too fast' end from generate_series(1, 4) n`,
  );
});
afterAll(() => local.close());

describe('a phone typed in national form', () => {
  it('is linked, exported and mailed in international form, read in the lead’s country', async () => {
    const { items } = (await (await ana.call('/api/admin/leads?kind=wait-list')).json()) as {
      items: { name: string; phone_international: string | null }[];
    };
    for (const [i, [, , international]] of PHONES.entries()) {
      expect(items.find((item) => item.name === `Tel ${i}`)?.phone_international).toBe(international);
      const lead = (await (await ana.call(`/api/admin/leads/${await idOf(`Tel ${i}`)}`)).json()) as { phoneInternational: string };
      expect(lead.phoneInternational).toBe(international);
    }
    const csv = csvRows(new Uint8Array(await (await ana.call('/api/admin/export.csv?kind=wait-list')).arrayBuffer()));
    const phone = csv[0]!.indexOf('phone');
    expect(new Map(csv.slice(1).map((line) => [line[6], line[phone]]))).toEqual(new Map(PHONES.map(([, , intl], i) => [`Tel ${i}`, intl])));
  });
});

describe('spam', () => {
  it('is not in "All" nor in "every lead matching"; only the spam filter reaches it', async () => {
    const all = (await (await ana.call('/api/admin/leads?kind=contact')).json()) as {
      items: { name: string }[];
      counts: Record<string, number>;
    };
    expect(all.items.map((item) => item.name).sort()).toEqual(['Nuevo 1', 'Nuevo 2', 'Nuevo 3']);
    expect(all.counts).toMatchObject({ new: 3, spam: 1 });
    const assigned = await ana.call('/api/admin/leads/bulk', {
      method: 'POST',
      body: { action: 'assign', query: 'kind=contact', assignee: null },
    });
    expect(assigned.status).toBe(200);
    const luisId = (await rows<{ id: string }>("select id from admin_user where email = 'luis@example.com'"))[0]!.id;
    await ana.call('/api/admin/leads/bulk', { method: 'POST', body: { action: 'assign', query: 'kind=contact', assignee: luisId } });
    expect(await rows("select name, assignee is not null as assigned from lead where kind = 'contact' order by name")).toEqual([
      { name: 'Nuevo 1', assigned: true },
      { name: 'Nuevo 2', assigned: true },
      { name: 'Nuevo 3', assigned: true },
      { name: 'Nuevo 4', assigned: false },
    ]);
    // The spam filter, chosen, reaches it.
    expect((await (await ana.call('/api/admin/leads?kind=contact&status=spam')).json()).items).toHaveLength(1);
    await ana.call('/api/admin/leads/bulk', {
      method: 'POST',
      body: { action: 'assign', query: 'kind=contact&status=spam', assignee: luisId },
    });
    expect(await rows("select count(*)::int as n from lead where name = 'Nuevo 4' and assignee is not null")).toEqual([{ n: 1 }]);
    await rows("update lead set assignee = null where kind = 'contact'");
  });
});

describe('a bulk change', () => {
  it('3 leads set to qualified from the "new" tab are put back to new by the operator’s undo, and only theirs', async () => {
    const change = await luis.call('/api/admin/leads/bulk', {
      method: 'POST',
      body: { action: 'status', query: 'kind=contact&status=new', status: 'qualified' },
    });
    const { changed, undo } = (await change.json()) as { changed: number; undo: string };
    expect(changed).toBe(3);
    // One of them changed since by hand: it keeps its newer value.
    const third = await idOf('Nuevo 3');
    expect((await ana.call(`/api/admin/leads/${third}`, { method: 'PATCH', body: { status: 'won' } })).status).toBe(204);
    const path = `/api/admin/bulk-changes/${undo}/undo`;
    // Another operator's, no session, no CSRF token: refused, nothing put back.
    expect((await ana.call(path, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${local.base}${path}`, { method: 'POST', headers: { origin: local.base } })).status).toBe(401);
    expect((await luis.call(path, { method: 'POST', headers: { 'x-csrf-token': 'wrong' } })).status).toBe(403);
    expect((await luis.call('/api/admin/bulk-changes/not-an-id/undo', { method: 'POST' })).status).toBe(404);
    expect(await rows("select count(*)::int as n from lead where kind = 'contact' and status = 'qualified'")).toEqual([{ n: 2 }]);
    const undone = await luis.call(path, { method: 'POST' });
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ changed: 2 });
    expect(await rows("select name, status from lead where kind = 'contact' order by name")).toEqual([
      { name: 'Nuevo 1', status: 'new' },
      { name: 'Nuevo 2', status: 'new' },
      { name: 'Nuevo 3', status: 'won' },
      { name: 'Nuevo 4', status: 'spam' },
    ]);
    // Each lead put back is on its timeline, by the operator; the audit has the undo.
    expect(
      await rows(
        "select l.name, e.detail, e.actor_email from lead_event e join lead l on l.id = e.lead_id where e.type = 'status' and e.detail = 'new' order by l.name",
      ),
    ).toEqual([
      { name: 'Nuevo 1', detail: 'new', actor_email: 'luis@example.com' },
      { name: 'Nuevo 2', detail: 'new', actor_email: 'luis@example.com' },
    ]);
    expect(await rows("select actor_email, detail from admin_audit where action = 'leads.undone'")).toEqual([
      { actor_email: 'luis@example.com', detail: { status: 'previous', count: 2 } },
    ]);
    // Once.
    expect((await luis.call(path, { method: 'POST' })).status).toBe(404);
    await rows("update lead set status = 'new' where name = 'Nuevo 3'");
  });
});

describe('the CSV export', () => {
  const dir = mkdtempSync(join(tmpdir(), 'obra-defects-csv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has times in the operator’s zone, words in their language, the follow-up and the notes', async () => {
    const id = await idOf('Nuevo 1');
    await ana.call(`/api/admin/leads/${id}/notes`, { method: 'POST', body: { text: 'Llamar el lunes' } });
    await ana.call(`/api/admin/leads/${id}/notes`, { method: 'POST', body: { text: '<img src=x onerror=alert(1)>' } });
    await ana.call(`/api/admin/leads/${id}`, { method: 'PATCH', body: { followUp: { at: '2026-03-05T14:00:00.000Z', note: 'Cotizar' } } });
    for (const [session, words] of [
      [ana, { created: '2026-02-28 19:01', kind: 'Formulario de contacto', status: 'Nuevo', follow: '2026-03-05 09:00' }],
      [luis, { created: '2026-03-01 01:01', kind: 'Contact form', status: 'New', follow: '2026-03-05 15:00' }],
    ] as const) {
      const csv = csvRows(new Uint8Array(await (await session.call('/api/admin/export.csv?q=nuevo 1')).arrayBuffer()));
      const line = Object.fromEntries(csv[0]!.map((column, i) => [column, csv[1]![i]]));
      expect(line).toMatchObject({
        kind: words.kind,
        created_at: words.created,
        status: words.status,
        follow_up_at: words.follow,
        follow_up_note: 'Cotizar',
        notes: 'Llamar el lunes\n<img src=x onerror=alert(1)>',
      });
    }
  });

  it('opens into columns in LibreOffice with its default options, accents and formulas as they were', async () => {
    const soffice = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
    expect(existsSync(soffice), `LibreOffice is missing at ${soffice}: node .ci/setup.mjs --spreadsheet installs it`).toBe(true);
    await rows("update lead set name = 'José =1+1' where name = 'Nuevo 2'");
    const file = join(dir, 'obra-leads.csv');
    writeFileSync(file, Buffer.from(await (await ana.call('/api/admin/export.csv?kind=contact')).arrayBuffer()));
    // What the file held, as LibreOffice's import dialog reads it (UTF-8, from the BOM; comma, its default).
    const convert = async (out: string, filter: string[]) => {
      await promisify(execFile)(
        soffice,
        [
          `-env:UserInstallation=file://${join(dir, 'profile')}`,
          '--headless',
          ...filter,
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,false',
          '--outdir',
          join(dir, out),
          file,
        ],
        { timeout: 120_000 },
      );
      return parseCsv(readFileSync(join(dir, out, 'obra-leads.csv'), 'utf8'));
    };
    const sent = csvRows(readFileSync(file));
    // No import options at all: columns (not one column starting "ÿþ"); the header as written.
    const plain = await convert('default', []);
    expect(plain.map((line) => line.length)).toEqual(sent.map((line) => line.length));
    expect(plain[0]!.slice(1)).toEqual(sent[0]!.slice(1));
    // The dialog's reading: every cell as it was, the formula guarded.
    const dialog = await convert('dialog', [
      '--infilter=Text - txt - csv (StarCalc):44,34,76,1,,3082,false,false,false,false,false,-1,true',
    ]);
    expect(dialog).toEqual(sent);
    expect(dialog.flat()).toContain('José =1+1');
  });
});

describe('a new-lead mail', () => {
  it('carries the estimate in its currency and the mail’s language, and the phone in international form', async () => {
    expect(
      (
        await ana.call('/api/admin/notifications', {
          method: 'PUT',
          body: { rules: [{ kind: 'report', recipients: ['equipo@example.com'], mode: 'each', lang: 'en' }] },
        })
      ).status,
    ).toBe(204);
    const report = { ...(await reportOn(local.base)), telefono: '300 123 4567', nombre: 'Rosa Estimada' };
    expect((await postJson(`${local.base}/api/form-report`, report)).status).toBe(201);
    const [estimate] = await rows<{ estimate: { low: number; expected: number; high: number; currency: string } }>(
      "select estimate from lead where name = 'Rosa Estimada'",
    );
    const mail = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = outboxMails(local.dataDir, 'notification-').find((eml) => isTo(eml, 'equipo@example.com'));
        if (found) return bodyOf(found);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('No new-lead mail came.');
    })();
    const { money } = await import('@obra/estimate');
    const e = estimate!.estimate;
    expect(mail).toContain('Phone: +57 300 1234567');
    expect(mail).toContain(
      `Estimate: ${money(e.expected, e.currency, 'en', 'CO')} (${money(e.low, e.currency, 'en', 'CO')} – ${money(e.high, e.currency, 'en', 'CO')})`,
    );
    expect(mail).toMatch(/Estimate: COP\s/);
  });
});
