// The inbox over real HTTP: leads from the four kind tables (triggers), filters, search, keyset
// pages and counts, a lead's page and timeline, export with the formula guard, deletion and audit.
import { csvRows } from './support/csv.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOlderThan } from '@obra/server/testing';
import { createOperator, insertReport, signInAs, type Session } from './support/admin.ts';
import { postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
let admin: Session;
type Page = {
  items: { id: string; kind: string; name: string; status: string; lang: string }[];
  next: string | null;
  counts: Record<string, number>;
};

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
  await createOperator(local.api.db, 'ana@example.com');
  admin = await signInAs(local.base, 'ana@example.com');
  // Date filters are the operator's days: this one works in UTC, as the rows below are laid out.
  expect((await admin.call('/api/admin/me', { method: 'PATCH', body: { timeZone: 'UTC' } })).status).toBe(204);
  // 120 wait-list rows a minute apart (oldest first), 3 of them in English, one taken for spam.
  await local.api.db.query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang, spam_reason)
     select timestamptz '2026-01-01' + make_interval(mins => n), 'cliente', 'Persona ' || n, 'p' || n || '@example.com', '+57 300 000 ' || lpad(n::text, 4, '0'),
       case when n = 7 then '=HYPERLINK("http://evil")' else 'Quiero una casa de dos pisos' end, 'h', case when n % 40 = 0 then 'en' else 'es' end, case when n = 99 then 'too fast' end
     from generate_series(1, 120) n`,
  );
});
afterAll(() => local.close());

const page = async (query: string) => {
  const response = await admin.call(`/api/admin/leads${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};

describe('the inbox', () => {
  it('shows a lead sent through the public API, newest first, as new', async () => {
    await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Marta Nueva' });
    const { items } = await page('');
    expect(items[0]).toMatchObject({ kind: 'contact', name: 'Marta Nueva', status: 'new' });
  });

  it('walks every page with the keyset cursor, no row twice or missing (spam aside: it has its own tab)', async () => {
    const seen: string[] = [];
    let next: string | null = '';
    while (next !== null) {
      const result: Page = await page(`?kind=wait-list${next ? `&after=${next}` : ''}`);
      seen.push(...result.items.map((item) => item.name));
      next = result.next;
    }
    expect(seen).toHaveLength(119);
    expect(new Set(seen).size).toBe(119);
    expect(seen).not.toContain('Persona 99');
    expect(seen[0]).toBe('Persona 120');
    expect(seen.at(-1)).toBe('Persona 1');
  });

  it('filters by status, language, date and free text, with counts per status', async () => {
    const spam = await page('?status=spam');
    expect(spam.items.map((item) => item.name)).toEqual(['Persona 99']);
    expect(spam.counts).toMatchObject({ spam: 1, new: 120 });
    expect((await page('?lang=en&kind=wait-list')).items.map((item) => item.name)).toEqual(['Persona 120', 'Persona 80', 'Persona 40']);
    expect((await page('?from=2026-01-01&to=2026-01-01&kind=wait-list')).items).toHaveLength(50);
    expect((await page('?from=2026-01-02')).items.map((i) => i.kind)).toEqual(['contact']);
    expect((await page('?q=p17@example')).items.map((item) => item.name)).toEqual(['Persona 17']);
    expect((await page('?q=300 000 0117')).items.map((item) => item.name)).toEqual(['Persona 117']);
    expect((await page('?q=573000000118')).items.map((item) => item.name)).toEqual(['Persona 118']);
    expect((await page('?q=%25')).items).toHaveLength(0);
  });
});

describe('a lead', () => {
  it('names each stored choice as the visitor read it, in both languages, and leaves free text alone', async () => {
    const fields = async (id: string) =>
      (
        (await (await admin.call(`/api/admin/leads/${id}`)).json()) as {
          fields: { name: string; value: string; labels?: { es: string; en: string } }[];
        }
      ).fields;
    const { items } = await page('?q=persona 6&kind=wait-list');
    const waiting = await fields(items.find((item) => item.name === 'Persona 6')!.id);
    expect(waiting.find((f) => f.name === 'interesado')).toEqual({
      name: 'interesado',
      value: 'cliente',
      labels: { es: 'Cliente', en: 'Customer' },
    });
    expect(waiting.find((f) => f.name === 'nombre')).toEqual({ name: 'nombre', value: 'Persona 6' });
    const reportId = await insertReport(local.api.db);
    const named = Object.fromEntries((await fields(reportId)).map((f) => [f.name, f.labels]));
    expect(named).toMatchObject({
      estado_proyecto: { es: 'Obra nueva', en: 'New build' },
      uso: { es: 'Vivienda', en: 'Housing' },
      sistema_constructivo: { es: 'Steel framing', en: 'Steel framing' },
      material_fachada: { es: 'Ladrillo', en: 'Brick' },
      zona: { en: 'Urban' },
      otros: { en: 'Lift, Basement' },
    });
    expect(named.ciudad).toBeUndefined();
  });

  it('changes status and assignee, takes notes, and shows them on its timeline', async () => {
    const { items } = await page('?q=persona 5&kind=wait-list');
    const lead = items.find((item) => item.name === 'Persona 5')!;
    const [me] = await local.api.db.query<{ id: string }>("select id from admin_user where email = 'ana@example.com'");
    expect(
      (await admin.call(`/api/admin/leads/${lead.id}`, { method: 'PATCH', body: { status: 'qualified', assignee: me!.id } })).status,
    ).toBe(204);
    expect((await admin.call(`/api/admin/leads/${lead.id}/notes`, { method: 'POST', body: { text: 'Llamar el lunes' } })).status).toBe(201);
    const detail = (await (await admin.call(`/api/admin/leads/${lead.id}`)).json()) as {
      status: string;
      assignee: string;
      fields: { name: string; value: string }[];
      timeline: { type: string; detail: string; actor: string | null }[];
    };
    expect(detail.status).toBe('qualified');
    expect(detail.assignee).toBe(me!.id);
    expect(detail.fields.map((f) => f.name)).toEqual(['interesado', 'nombre', 'correo', 'telefono', 'comentario']);
    expect(detail.timeline.map((e) => [e.type, e.detail, e.actor])).toEqual([
      ['created', 'wait-list', null],
      ['status', 'qualified', 'ana@example.com'],
      ['assignee', 'ana@example.com', 'ana@example.com'],
      ['note', 'Llamar el lunes', 'ana@example.com'],
    ]);
    expect((await page('?status=qualified')).items.map((i) => i.id)).toEqual([lead.id]);
  });

  it('refuses a change or a note its contract does not take with a 400 that says why, and stores nothing', async () => {
    const { items } = await page('?q=persona 6&kind=wait-list');
    const lead = items.find((item) => item.name === 'Persona 6')!;
    const refusals: [string, unknown, { errorMessage: string; code?: string }][] = [
      ['', { status: 'done' }, { errorMessage: 'status must be one of new, contacted, qualified, won, lost, spam.' }],
      ['', { status: null }, { errorMessage: 'status must be one of new, contacted, qualified, won, lost, spam.' }],
      ['', { assignee: 7 }, { errorMessage: 'assignee must be the id of a user, or null.', code: 'assignee' }],
      [
        '',
        { assignee: '00000000-0000-4000-8000-000000000000' },
        { errorMessage: 'assignee must be the id of a user, or null.', code: 'assignee' },
      ],
      ['', { colour: 'red' }, { errorMessage: 'Send status, assignee or followUp.' }],
      ['', [], { errorMessage: 'Send a JSON object.' }],
      ['/notes', { text: '   ' }, { errorMessage: 'A note has 1 to 2,000 characters.', code: 'note' }],
      ['/notes', { text: 42 }, { errorMessage: 'A note has 1 to 2,000 characters.', code: 'note' }],
      ['/notes', {}, { errorMessage: 'A note has 1 to 2,000 characters.', code: 'note' }],
    ];
    for (const [path, body, refusal] of refusals) {
      const response = await admin.call(`/api/admin/leads/${lead.id}${path}`, { method: path ? 'POST' : 'PATCH', body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal);
    }
    expect(await local.api.db.query('select status, assignee from lead where id = $1', [lead.id])).toEqual([
      { status: 'new', assignee: null },
    ]);
    expect(await local.api.db.query('select type from lead_event where lead_id = $1', [lead.id])).toEqual([]);
  });

  it('exports the current filter for spreadsheets: UTF-8 with its BOM, comma-separated, quoted, formulas guarded, phones as numbers', async () => {
    const response = await admin.call('/api/admin/export.csv?q=hyperlink');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="obra-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csvRows(new Uint8Array(await response.arrayBuffer()));
    expect(lines[0]).toEqual(
      'id,kind,created_at,status,assignee,lang,name,email,phone,summary,follow_up_at,follow_up_note,notes,estimate_low,estimate_expected,estimate_high,estimate_currency,estimate_weeks,estimate_drivers,value_usd,page_url,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,partner_code,partner_claim,widget,widget_version,embed_origin,embed_approved'.split(
        ',',
      ),
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]!;
    // The phone in international format, without the apostrophe the guard used to put before it.
    expect(cells[8]).toBe('+57 300 0000007');
    // The first words in the operator's words, which do not start with a formula.
    expect(cells[9]).toMatch(/^[^=+\-@].*=HYPERLINK\("http:\/\/evil"\)/);
  });

  it('is deleted on request with its kind row, and the audit keeps nothing personal', async () => {
    const { items } = await page('?q=p33@example');
    const id = items[0]!.id;
    expect((await admin.call(`/api/admin/leads/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await local.api.db.query('select 1 from wait_list where id = $1', [id])).toHaveLength(0);
    expect((await admin.call(`/api/admin/leads/${id}`)).status).toBe(404);
    const audit = await local.api.db.query<{ action: string; detail: unknown }>(
      "select action, detail from admin_audit where action = 'lead.deleted'",
    );
    expect(audit).toEqual([{ action: 'lead.deleted', detail: { kind: 'wait-list' } }]);
    expect(JSON.stringify(await local.api.db.query('select * from admin_audit'))).not.toMatch(/Persona 33|p33@|0033/);
  });
});

describe('resending a report', () => {
  const mails = async (address: string) =>
    (await local.api.db.query<{ n: number }>('select count(*)::int as n from report_mail where address = $1', [address]))[0]!.n;

  it('counts like any mail: past REPORT_MAILS_PER_ADDRESS (3) in 24 h it is a 409 with the time it may go, for an admin too', async () => {
    const id = await insertReport(local.api.db, { correo: 'reenvio@example.com' });
    const resend = () => admin.call(`/api/admin/leads/${id}/resend`, { method: 'POST', body: {} });
    for (let n = 0; n < 3; n++) {
      expect((await resend()).status).toBe(202);
      // The outbox mailed it (whether or not it already has).
      await local.api.db.query("update report set mail_status = 'sent', mailed_at = now() where id = $1", [id]);
    }
    const refused = await resend();
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; retryAt: string };
    expect(body.code).toBe('mail-cap');
    expect(new Date(body.retryAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await mails('reenvio@example.com')).toBe(3);
  });

  it('counts resends accepted while its e-mail is still queued once: they queue nothing more', async () => {
    const id = await insertReport(local.api.db, { correo: 'en-cola@example.com' });
    // Its e-mail waits in the queue (the outbox retries it in an hour).
    await local.api.db.query(
      "update report set mail_status = 'queued', mailed_at = null, mail_next_at = now() + interval '1 hour' where id = $1",
      [id],
    );
    const resend = () => admin.call(`/api/admin/leads/${id}/resend`, { method: 'POST', body: {} });
    expect((await Promise.all([resend(), resend(), resend()])).map((r) => r.status)).toEqual([202, 202, 202]);
    expect(await mails('en-cola@example.com')).toBe(0);
    const timeline = await local.api.db.query("select 1 from lead_event where lead_id = $1 and type = 'resend'", [id]);
    expect(timeline).toEqual([]);
    // Sent: the next resend queues and counts one.
    await local.api.db.query("update report set mail_status = 'sent', mailed_at = now() where id = $1", [id]);
    expect((await resend()).status).toBe(202);
    expect(await mails('en-cola@example.com')).toBe(1);
  });
});

describe('LEAD_RETENTION_DAYS', () => {
  it('deletes the leads older than the limit and hands their ids to the outbox to forget their mails', async () => {
    const forgotten: string[] = [];
    // The 120 wait-list rows date from 2026-01-01; a lead sent now is kept.
    const fresh = ((await (await postJson(`${local.base}/api/contact`, VALID.contact)).json()) as { id: string }).id;
    const old = await local.api.db.query<{ id: string }>("select id from lead where created_at < now() - interval '30 days'");
    expect(old.length).toBeGreaterThan(100);
    const deleted = await purgeOlderThan(local.api.db, 30, async (ids) => void forgotten.push(...ids));
    expect(deleted).toBe(old.length);
    expect(forgotten.sort()).toEqual(old.map(({ id }) => id).sort());
    const left = await local.api.db.query<{ id: string; old: boolean }>(
      "select id, created_at < now() - interval '30 days' as old from lead",
    );
    expect(left).toContainEqual({ id: fresh, old: false });
    expect(left.filter((row) => row.old)).toEqual([]);
  });
});
