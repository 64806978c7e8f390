// New-lead notifications over real HTTP (issue 15): the rules only admins change (and every
// refusal), one mail per lead and recipient through the outbox (never for spam, never twice, gone
// with a deleted lead), and the daily digest of the leads of the last 24 hours, once a day.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, postJson, startLocalApi, VALID, type LocalApi } from './support/api.ts';
import { bodyOf, isTo, subjectOf } from './support/mail.ts';

let local: LocalApi;
let admin: Session;
let agent: Session;
const mails = () => outboxMails(local.dataDir, 'notification-');
const mailsTo = (address: string) => mails().filter((eml) => isTo(eml, address));
const saveRules = (session: Session, rules: unknown, headers?: Record<string, string>) =>
  session.call('/api/admin/notifications', { method: 'PUT', body: { rules }, headers });
const stored = () =>
  local.api.db.query<{ kind: string; recipients: string[] }>('select kind, recipients from notification_rule order by kind');

beforeAll(async () => {
  // The digest hour is midnight UTC, so today's digest is due at once (it covers yesterday's leads).
  // Without PUBLIC_URL the links point at the host `npm start` serves on this machine.
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0', DIGEST_HOUR: '0' });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  admin = await signInAs(local.base, 'ana@example.com');
  agent = await signInAs(local.base, 'luis@example.com');
});
afterAll(() => local.close());

describe('the rules', () => {
  it('are refused to an agent, without the CSRF token, from another origin and without a session; nothing is stored', async () => {
    const rules = [{ kind: 'wait-list', recipients: ['team@example.com'], mode: 'each', lang: 'es' }];
    expect((await saveRules(agent, rules)).status).toBe(403);
    expect((await saveRules(admin, rules, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await saveRules(admin, rules, { origin: 'https://evil.example' })).status).toBe(403);
    const anonymous = await fetch(`${local.base}/api/admin/notifications`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: local.base },
      body: JSON.stringify({ rules }),
    });
    expect(anonymous.status).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it('refuses bad input with a clear 400 naming it, and stores nothing', async () => {
    const bad = async (rules: unknown) => {
      const response = await saveRules(admin, rules);
      expect(response.status).toBe(400);
      return (await response.json()) as { code: string; addresses?: string[] };
    };
    expect(
      await bad([{ kind: 'wait-list', recipients: ['ok@example.com', 'not an address', 'x@y'], mode: 'each', lang: 'es' }]),
    ).toMatchObject({ code: 'invalid', addresses: ['not an address', 'x@y'] });
    expect(
      await bad([{ kind: 'wait-list', recipients: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`), mode: 'each', lang: 'es' }]),
    ).toMatchObject({ code: 'too-many' });
    expect(await bad([{ kind: 'orders', recipients: [], mode: 'each', lang: 'es' }])).toMatchObject({ code: 'kind' });
    expect(await bad([{ kind: 'contact', recipients: [], mode: 'hourly', lang: 'es' }])).toMatchObject({ code: 'mode' });
    expect(await bad([{ kind: 'contact', recipients: [], mode: 'each', lang: 'fr' }])).toMatchObject({ code: 'lang' });
    expect(await bad([{ kind: 'contact', recipients: 'a@example.com', mode: 'each', lang: 'es' }])).toMatchObject({ code: 'recipients' });
    expect(
      await bad([
        { kind: 'contact', recipients: [], mode: 'each', lang: 'es' },
        { kind: 'contact', recipients: [], mode: 'digest', lang: 'es' },
      ]),
    ).toMatchObject({ code: 'rules' });
    expect(await stored()).toEqual([]);
  });

  it("names the refused rule's kind and the check in English, and refuses a body without its rules", async () => {
    const bad = async (body: unknown) => {
      const response = await admin.call('/api/admin/notifications', { method: 'PUT', body });
      expect(response.status).toBe(400);
      return (await response.json()) as Record<string, unknown>;
    };
    expect(await bad({ rules: [{ kind: 'contact', recipients: [], lang: 'es' }] })).toEqual({
      code: 'mode',
      kind: 'contact',
      errorMessage: 'The mode of contact must be each or digest.',
    });
    expect(await bad({ rules: [{ kind: 'report', recipients: ['a@example.com', 'nope'], mode: 'each', lang: 'en' }] })).toEqual({
      code: 'invalid',
      kind: 'report',
      addresses: ['nope'],
      errorMessage: 'Not valid e-mail addresses: nope.',
    });
    expect(await bad({ rules: [{ recipients: [], mode: 'each', lang: 'es' }] })).toEqual({
      code: 'kind',
      errorMessage: 'Each rule needs a kind: wait-list, partner, contact, report.',
    });
    expect(await bad({})).toEqual({ code: 'rules', errorMessage: 'Send {rules: […]}, at most one per kind.' });
    expect(await bad({ rules: [{ kind: 'partner', recipients: [], mode: 'each', lang: 'es', partnerCopy: 1 }] })).toEqual({
      code: 'partnerCopy',
      kind: 'partner',
      errorMessage: 'partnerCopy of partner is true or false.',
    });
    expect(await stored()).toEqual([]);
  });

  it('are read by every operator, a rule per kind', async () => {
    const response = await agent.call('/api/admin/notifications');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rules: { kind: string; recipients: string[] }[]; digestHour: number; maxRecipients: number };
    expect(body.rules.map((rule) => [rule.kind, rule.recipients])).toEqual([
      ['wait-list', []],
      ['partner', []],
      ['contact', []],
      ['report', []],
    ]);
    expect(body).toMatchObject({ digestHour: 0, maxRecipients: 20 });
  });
});

describe('a mail per lead', () => {
  let id: string;
  beforeAll(async () => {
    const rules = [
      { kind: 'wait-list', recipients: ['Team@Example.com', 'ops@example.com', ' team@example.com '], mode: 'each', lang: 'en' },
    ];
    expect((await saveRules(admin, rules)).status).toBe(204);
    expect(await stored()).toEqual([{ kind: 'wait-list', recipients: ['team@example.com', 'ops@example.com'] }]);
    const response = await postJson(`${local.base}/api/wait-list`, {
      ...VALID['wait-list'],
      nombre: 'Ana Aviso',
      comentario: 'Casa en Medellín',
    });
    ({ id } = (await response.json()) as { id: string });
  });

  it('goes to each recipient once, in the rule language, with the essentials and a link to the lead in the console', async () => {
    await vi.waitFor(() => expect(mails()).toHaveLength(2), { timeout: 10_000, interval: 50 });
    for (const to of ['team@example.com', 'ops@example.com']) {
      const [eml] = mailsTo(to);
      expect(subjectOf(eml!)).toBe('New lead on Obra — Wait list: Ana Aviso');
      const text = eml!.replace(/=\r\n/g, '');
      expect(text).toContain('Ana Aviso');
      expect(text).toContain(VALID['wait-list'].correo);
      expect(text).toContain(`http://localhost:8080/admin/leads/${id}`);
    }
    // The outbox marks a row sent once its mail has gone: the files can be there a moment before.
    const sent = async () =>
      (await local.api.db.query<{ sent_at: Date | null }>('select sent_at from notification_mail where lead_id = $1', [id])).map(
        (row) => row.sent_at !== null,
      );
    await vi.waitFor(async () => expect(await sent()).toEqual([true, true]), { timeout: 10_000, interval: 50 });
  });

  it('is not sent for spam, nor for a kind nobody listens to, nor twice', async () => {
    expect(
      (await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre: 'Bot' }, { 'Obra-Trap': 'filled' })).status,
    ).toBe(201);
    expect((await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Sin aviso' })).status).toBe(201);
    // Each lead kicks the outbox; by the time both have been taken and it is idle, nothing new is due.
    await vi.waitFor(async () => expect(await local.api.db.query('select 1 from notification_mail where sent_at is null')).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await local.api.db.query('select count(*)::int as n from notification_mail')).toEqual([{ n: 2 }]);
    expect(mails()).toHaveLength(2);
  });

  it('is written owner-only (no SMTP_URL): the folder 0700, each .eml 0600', () => {
    const dir = join(local.dataDir, 'outbox');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
  });

  it('goes with its lead when the lead is deleted on request, its .eml files too', async () => {
    expect(mails().filter((eml) => eml.replace(/=\r\n/g, '').includes(`/admin/leads/${id}`))).toHaveLength(2);
    expect((await admin.call(`/api/admin/leads/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await local.api.db.query('select count(*)::int as n from notification_mail where lead_id = $1', [id])).toEqual([{ n: 0 }]);
    expect(mails().filter((eml) => eml.includes('Ana Aviso'))).toEqual([]);
  });
});

describe('a copy to the partner', () => {
  it('tells the approved partner whose site brought the lead, in its language, without the console link; not a suspended one', async () => {
    const registered = await postJson(
      `${local.base}/api/partner`,
      { ...VALID.partner, correo: 'Socio@Acme.example', nombre: 'Acme Obras' },
      { 'Accept-Language': 'en' },
    );
    const { id: partnerId } = (await registered.json()) as { id: string };
    expect(
      (
        await admin.call(`/api/admin/partners/${partnerId}/approve`, {
          method: 'POST',
          body: { code: 'acme', origins: ['https://acme.example'] },
        })
      ).status,
    ).toBe(200);
    const rules = [{ kind: 'contact', recipients: ['equipo@example.com'], mode: 'each', lang: 'es', partnerCopy: true }];
    expect((await saveRules(admin, rules)).status).toBe(204);
    // From the partner's own site: a claim from anywhere else is no lead of the partner's (sites.test.ts).
    const fromAcme = (name: string) =>
      postJson(
        `${local.base}/api/contact`,
        { ...VALID.contact, name, attribution: { widget: 'contact', version: 'dev', partner: 'ACME' } },
        { origin: 'https://acme.example' },
      );
    // The approval's welcome went to the same address; these are the copies of leads.
    const copies = () => mailsTo('socio@acme.example').filter((eml) => subjectOf(eml).startsWith('New lead'));
    const sent = (await (await fromAcme('Desde Acme')).json()) as { id: string };
    await vi.waitFor(() => expect(copies()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const copy = copies()[0]!.replace(/=\r\n/g, '');
    expect(subjectOf(copies()[0]!)).toBe('New lead on Obra — Contact form: Desde Acme');
    expect(copy).toContain('A new lead has arrived from your site');
    expect(copy).not.toContain('/admin');
    expect(
      await local.api.db.query('select recipient, to_partner from notification_mail where lead_id = $1 order by recipient', [sent.id]),
    ).toEqual([
      { recipient: 'equipo@example.com', to_partner: false },
      { recipient: 'socio@acme.example', to_partner: true },
    ]);
    // Another site's lead, and the suspended partner's: no copy.
    expect((await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Sin socio' })).status).toBe(201);
    expect((await admin.call(`/api/admin/partners/${partnerId}/suspend`, { method: 'POST', body: {} })).status).toBe(200);
    expect((await fromAcme('Acme suspendido')).status).toBe(201);
    await vi.waitFor(async () => expect(await local.api.db.query('select 1 from notification_mail where sent_at is null')).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    expect(copies()).toHaveLength(1);
  });

  it('refuses a partnerCopy that is not true or false', async () => {
    const response = await saveRules(admin, [{ kind: 'contact', recipients: [], mode: 'each', lang: 'es', partnerCopy: 'yes' }]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'partnerCopy' });
  });
});

describe('the daily digest', () => {
  it("lists yesterday's leads of the kinds chosen (not spam), once a day", async () => {
    // Two contact messages and one spam from yesterday, and one from today (tomorrow's digest).
    await local.api.db.query(
      `insert into contact (created_at, name, email, message, request_hash, lang, spam_reason)
       values (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '3 hours', 'Digest Uno', 'uno@example.com', 'Quiero una cotización', 'h', 'es', null),
              (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '20 hours', 'Digest Dos', 'dos@example.com', 'Casa modular', 'h', 'en', null),
              (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '2 hours', 'Digest Spam', 'spam@example.com', 'x', 'h', 'es', 'trap'),
              (now(), 'Digest Hoy', 'hoy@example.com', 'Hoy', 'h', 'es', null)`,
    );
    expect((await saveRules(admin, [{ kind: 'contact', recipients: ['digest@example.com'], mode: 'digest', lang: 'es' }])).status).toBe(
      204,
    );
    // Any new lead kicks the outbox, which queues the digest that is due.
    expect((await postJson(`${local.base}/api/partner`, VALID.partner)).status).toBe(201);
    await vi.waitFor(() => expect(mailsTo('digest@example.com')).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const text = mailsTo('digest@example.com')[0]!.replace(/=\r\n/g, '');
    expect(subjectOf(text)).toBe('Obra: 2 contactos nuevos en 24 horas');
    expect(text).toContain('Digest Uno');
    expect(text).toContain('Digest Dos');
    expect(text).not.toContain('Digest Spam');
    expect(text).not.toContain('Digest Hoy');
    expect(text).toContain('http://localhost:8080/admin/leads/');
    // Times in the company's time zone, named (no operator reads this address).
    expect(bodyOf(mailsTo('digest@example.com')[0]!)).toMatch(/Contactos recibidos entre .+ \(America\/Bogota\) y .+ \(America\/Bogota\)/);
    // A mail per lead is not sent to a digest recipient.
    expect((await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Otro' })).status).toBe(201);
    await vi.waitFor(async () => expect(await local.api.db.query('select 1 from notification_mail where sent_at is null')).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    expect(mailsTo('digest@example.com')).toHaveLength(1);
    expect(await local.api.db.query('select count(*)::int as n from notification_mail where digest_day is not null')).toEqual([{ n: 1 }]);
    // A lead it lists, deleted on request, takes the digest's .eml along (the outbox keeps no copy of it).
    const [uno] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Digest Uno'");
    expect((await admin.call(`/api/admin/leads/${uno!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(mailsTo('digest@example.com')).toEqual([]);
  });

  it('sends no digest when the last 24 hours brought nothing of its kinds', async () => {
    expect((await saveRules(admin, [{ kind: 'report', recipients: ['quiet@example.com'], mode: 'digest', lang: 'en' }])).status).toBe(204);
    expect((await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Kick' })).status).toBe(201);
    await vi.waitFor(async () => expect(await local.api.db.query('select 1 from notification_mail where sent_at is null')).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await local.api.db.query("select count(*)::int as n from notification_mail where recipient = 'quiet@example.com'")).toEqual([
      { n: 0 },
    ]);
    expect(mailsTo('quiet@example.com')).toEqual([]);
  });

  it('shows the latest mails on the settings', async () => {
    const body = (await (await admin.call('/api/admin/notifications')).json()) as {
      recent: { recipient: string; sent_at: string | null; digest_day: string | null }[];
    };
    expect(body.recent.map((mail) => mail.recipient)).toContain('digest@example.com');
    expect(body.recent.every((mail) => mail.sent_at)).toBe(true);
  });
});
