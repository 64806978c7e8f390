// Conversations over real HTTP (issue 40): templates (admins change them, agents use them), an
// e-mail to a lead through the mail outbox (.eml here) with its variables filled, WhatsApp's link,
// calls, visits and meetings logged with an outcome; who may call what, CSRF, bad input refused
// with nothing stored, stored XSS kept as plain text, and the per-operator hourly cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS } from '@obra/schema/console';
import { createOperator, insertReport, signInAs, type Session } from './support/admin.ts';
import { outboxMails, startLocalApi, type LocalApi } from './support/api.ts';
import { bodyOf, isTo, subjectOf } from './support/mail.ts';

let local: LocalApi;
let ana: Session; // admin
let luis: Session; // agent
let report: string; // a design report in Spanish with an estimate
let english: string; // a wait-list lead in English
const clock = Date.parse('2026-03-10T15:00:00Z');
const XSS = '<img src=x onerror=alert(1)> "><script>alert(1)</script>';

interface Template {
  id: string;
  name: string;
  es: { subject: string; body: string };
  en: { subject: string; body: string };
}
interface Timeline {
  timeline: { type: string; detail: string; actor: string | null; at: string }[];
}
const templates = async (session = ana) =>
  ((await (await session.call('/api/admin/templates')).json()) as { templates: Template[] }).templates;
const timeline = async (id: string) => ((await (await ana.call(`/api/admin/leads/${id}`)).json()) as Timeline).timeline;
const count = async (sql: string) => (await local.api.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`))[0]!.n;
const mailsTo = (address: string) => outboxMails(local.dataDir, 'lead-mail-').filter((eml) => isTo(eml, address));
const waitForMails = async (address: string, n: number) => {
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(n);
  return mailsTo(address);
};
const template = (name: string, esBody = 'Hola {{name}}', enBody = 'Hello {{name}}') => ({
  name,
  es: { subject: `Asunto {{name}}`, body: esBody },
  en: { subject: `Subject {{name}}`, body: enBody },
});

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MAIL_RETRY_MS: '100' }, undefined, { now: () => clock });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  await createOperator(local.api.db, 'cap@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  report = await insertReport(local.api.db, { nombre: 'Rosa Informe', correo: 'rosa@example.com' });
  await local.api.db.query(
    `update lead set estimate = '{"low": 400000000, "expected": 500000000, "high": 600000000, "currency": "COP", "weeks": 30, "drivers": [], "country": "CO", "fallback": false}'
     where id = $1`,
    [report],
  );
  await local.api.db.query(
    `insert into wait_list (interesado, nombre, correo, telefono, comentario, request_hash, lang)
     values ('cliente', 'Sam Smith', 'sam@example.com', '321 186 3000', 'A house', 'h', 'en')`,
  );
  english = (await local.api.db.query<{ id: string }>("select id from lead where name = 'Sam Smith'"))[0]!.id;
});
afterAll(() => local.close());

describe('templates', () => {
  it('come with defaults in both languages that every operator reads', async () => {
    const list = await templates(luis);
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const one of list) for (const lang of ['es', 'en'] as const) expect(one[lang].body).toMatch(/{{name}}/);
  });

  it('are created, changed and deleted by admins; an agent gets 403 and changes nothing', async () => {
    const before = await count('message_template');
    expect((await luis.call('/api/admin/templates', { method: 'POST', body: template('Agente') })).status).toBe(403);
    const created = await ana.call('/api/admin/templates', { method: 'POST', body: template('Seguimiento') });
    expect(created.status).toBe(201);
    const { template: saved } = (await created.json()) as { template: Template };
    expect(saved).toMatchObject({ name: 'Seguimiento', es: { body: 'Hola {{name}}' }, en: { body: 'Hello {{name}}' } });
    const path = `/api/admin/templates/${saved.id}`;
    expect((await luis.call(path, { method: 'PUT', body: template('Otro') })).status).toBe(403);
    expect((await luis.call(path, { method: 'DELETE' })).status).toBe(403);
    const renamed = await ana.call(path, { method: 'PUT', body: template('Seguimiento 2', 'Hola de nuevo {{name}}') });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { template: Template }).template.es.body).toBe('Hola de nuevo {{name}}');
    expect((await ana.call('/api/admin/templates', { method: 'POST', body: template('seguimiento 2') })).status).toBe(409);
    expect((await ana.call(path, { method: 'DELETE' })).status).toBe(204);
    expect((await ana.call(path, { method: 'DELETE' })).status).toBe(404);
    expect(await count('message_template')).toBe(before);
  });

  it('refuse an unknown variable, an empty or too long text and a subject of two lines with a 400 and its code, storing nothing', async () => {
    const before = await count('message_template');
    const cases: [unknown, string, RegExp?][] = [
      [template('X', 'Hola {{nombre}}'), 'variable', /{{nombre}}/],
      [template('X', 'Hola', 'Hi {{ price }}'), 'variable', /{{price}}/],
      [template('X', '   '), 'body'],
      [template('X', 'x'.repeat(CONVERSATION_LIMITS.body + 1)), 'body'],
      [{ ...template('X'), es: { subject: 'Uno\r\nBcc: otro@example.com', body: 'Hola' } }, 'characters'],
      [template(''), 'name'],
      [{ name: 'X', es: { subject: 'a', body: 'b' } }, 'template'],
    ];
    for (const [body, code, message] of cases) {
      const response = await ana.call('/api/admin/templates', { method: 'POST', body });
      expect(response.status, code).toBe(400);
      const answer = (await response.json()) as { code: string; errorMessage: string };
      expect(answer.code).toBe(code);
      if (message) expect(answer.errorMessage).toMatch(message);
    }
    expect(await count('message_template')).toBe(before);
  });
});

describe('an e-mail to a lead', () => {
  it("is filled from the template in the lead's language, sent to the lead's own address, and on its timeline", async () => {
    const estimate = (await templates()).find((one) => one.name.startsWith('Estimación'))!;
    const composed = (await (await luis.call(`/api/admin/leads/${report}/compose?template=${estimate.id}`)).json()) as {
      to: string;
      lang: string;
      subject: string;
      body: string;
    };
    expect(composed).toMatchObject({ to: 'rosa@example.com', lang: 'es', subject: 'La estimación de tu proyecto' });
    expect(composed.body).toContain('Hola Rosa Informe:');
    expect(composed.body).toContain('Medellín, Antioquia, Colombia');
    expect(composed.body).toMatch(/COP\s400\.000\.000 – COP\s600\.000\.000/);
    expect(composed.body).toContain('luis@example.com, Obra');
    const sent = await luis.call(`/api/admin/leads/${report}/email`, {
      method: 'POST',
      body: { subject: composed.subject, body: `${composed.body}\n\nP.D. {{name}}`, template: estimate.id, to: 'other@example.com' },
    });
    expect(sent.status).toBe(202);
    const [eml] = await waitForMails('rosa@example.com', 1);
    expect(mailsTo('other@example.com')).toEqual([]);
    expect(subjectOf(eml!)).toBe('La estimación de tu proyecto');
    expect(bodyOf(eml!)).toContain('Hola Rosa Informe:');
    expect(bodyOf(eml!)).toContain('P.D. Rosa Informe');
    expect(eml).toMatch(/\r\nReply-To: luis@example.com\r\n/);
    const [row] = await local.api.db.query<{ template: string; to_address: string; sent_at: Date | null }>(
      'select template, to_address, sent_at from lead_mail where lead_id = $1',
      [report],
    );
    expect(row).toMatchObject({ template: estimate.name, to_address: 'rosa@example.com' });
    const event = (await timeline(report)).find((one) => one.type === 'email')!;
    expect(event.actor).toBe('luis@example.com');
    expect(event.detail.split('\n')[0]).toBe('La estimación de tu proyecto');
    expect(event.detail).toContain('P.D. Rosa Informe');
  });

  it('keeps an XSS payload as plain text: no HTML part, the characters as typed', async () => {
    const sent = await ana.call(`/api/admin/leads/${english}/email`, { method: 'POST', body: { subject: `Hi ${XSS}`, body: XSS } });
    expect(sent.status).toBe(202);
    const [eml] = await waitForMails('sam@example.com', 1);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).not.toMatch(/text\/html/);
    expect(bodyOf(eml!).trim()).toBe(XSS);
    expect((await timeline(english)).find((one) => one.type === 'email')!.detail).toBe(`Hi ${XSS}\n${XSS}`);
  });

  it('is refused with a 400 and its code on bad input, and nothing is stored', async () => {
    const before = [await count('lead_mail'), await count('lead_event')];
    const cases: [unknown, string][] = [
      [{ subject: 'Hola', body: '' }, 'body'],
      [{ subject: 'Hola', body: 'x'.repeat(CONVERSATION_LIMITS.body + 1) }, 'body'],
      [{ subject: '', body: 'Hola' }, 'subject'],
      [{ subject: 'x'.repeat(CONVERSATION_LIMITS.subject + 1), body: 'Hola' }, 'subject'],
      [{ subject: 'Hola\nBcc: x@example.com', body: 'Hola' }, 'characters'],
      [{ subject: 'Hola', body: 'Hola {{precio}}' }, 'variable'],
      [{ subject: 'Hola', body: 'Hola', template: 'not-an-id' }, 'template'],
      [{ subject: 'Hola', body: 'Hola', template: '00000000-0000-4000-8000-000000000000' }, 'template'],
    ];
    for (const [body, code] of cases) {
      const response = await ana.call(`/api/admin/leads/${report}/email`, { method: 'POST', body });
      expect(response.status, code).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    expect([await count('lead_mail'), await count('lead_event')]).toEqual(before);
  });

  it('is capped per operator and hour: past the cap a 429 that stores nothing', async () => {
    const cap = await signInAs(local.base, 'cap@example.com');
    for (let n = 0; n < CONVERSATION_LIMITS.mailsPerHour; n++)
      expect((await cap.call(`/api/admin/leads/${english}/email`, { method: 'POST', body: { subject: `N ${n}`, body: 'x' } })).status).toBe(
        202,
      );
    const before = await count('lead_mail');
    const refused = await cap.call(`/api/admin/leads/${english}/email`, { method: 'POST', body: { subject: 'Más', body: 'x' } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('mail-cap');
    expect(await count('lead_mail')).toBe(before);
    // Another operator still writes.
    expect((await ana.call(`/api/admin/leads/${english}/email`, { method: 'POST', body: { subject: 'Hola', body: 'x' } })).status).toBe(
      202,
    );
  });
});

describe('a lead deleted on request', () => {
  it('takes its e-mails with it: the rows and the .eml files', async () => {
    await local.api.db.query(
      `insert into contact (name, email, message, request_hash, lang) values ('Olvido Total', 'olvido@example.com', 'Borren mis datos', 'h', 'es')`,
    );
    const [{ id } = { id: '' }] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Olvido Total'");
    expect(
      (await ana.call(`/api/admin/leads/${id}/email`, { method: 'POST', body: { subject: 'Hola', body: 'Hola {{name}}' } })).status,
    ).toBe(202);
    await waitForMails('olvido@example.com', 1);
    expect((await ana.call(`/api/admin/leads/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(mailsTo('olvido@example.com')).toEqual([]);
    expect(await count(`lead_mail where lead_id = '${id}'`)).toBe(0);
  });
});

describe('WhatsApp', () => {
  it("gives wa.me's link with the national number made international and the English text, and records it", async () => {
    const first = (await templates()).find((one) => one.name.startsWith('Primer'))!;
    const composed = (await (await luis.call(`/api/admin/leads/${english}/compose?template=${first.id}`)).json()) as {
      whatsapp: string;
      body: string;
      lang: string;
    };
    expect(composed).toMatchObject({ whatsapp: '573211863000', lang: 'en' });
    expect(composed.body).toMatch(/^Hello Sam Smith,/);
    const opened = await luis.call(`/api/admin/leads/${english}/whatsapp`, {
      method: 'POST',
      body: { text: composed.body, template: first.id },
    });
    expect(opened.status).toBe(201);
    const { url } = (await opened.json()) as { url: string };
    expect(url).toBe(`https://wa.me/573211863000?text=${encodeURIComponent(composed.body)}`);
    expect((await timeline(english)).find((one) => one.type === 'whatsapp')!.detail).toBe(composed.body);
  });
});

describe('calls, visits and meetings', () => {
  it('are logged with an outcome, a time and a note, and shown on the timeline at that time', async () => {
    const at = '2026-03-10T09:30:00-05:00';
    const logged = await luis.call(`/api/admin/leads/${report}/activities`, {
      method: 'POST',
      body: { type: 'call', outcome: 'voicemail', at, note: XSS },
    });
    expect(logged.status).toBe(201);
    for (const [type, outcome] of [
      ['visit', 'done'],
      ['meeting', 'rescheduled'],
    ])
      expect(
        (await luis.call(`/api/admin/leads/${report}/activities`, { method: 'POST', body: { type, outcome, at: '2026-03-10T10:00:00Z' } }))
          .status,
      ).toBe(201);
    const events = (await timeline(report)).filter((one) => ['call', 'visit', 'meeting'].includes(one.type));
    expect(events.map((one) => [one.type, one.detail, one.actor])).toEqual([
      ['visit', 'done', 'luis@example.com'],
      ['meeting', 'rescheduled', 'luis@example.com'],
      ['call', `voicemail\n${XSS}`, 'luis@example.com'],
    ]);
    expect(events[2]!.at).toBe('2026-03-10T14:30:00.000Z');
  });

  it('refuse a bad type, an outcome of another type, a time far ahead or no time, with a 400 and nothing stored', async () => {
    const before = await count('lead_event');
    const cases: [unknown, string][] = [
      [{ type: 'fax', outcome: 'done', at: '2026-03-10T09:00:00Z' }, 'type'],
      [{ type: 'call', outcome: 'done', at: '2026-03-10T09:00:00Z' }, 'outcome'],
      [{ type: 'visit', outcome: 'voicemail', at: '2026-03-10T09:00:00Z' }, 'outcome'],
      [{ type: 'call', outcome: 'reached', at: '2026-03-20T09:00:00Z' }, 'at'],
      [{ type: 'call', outcome: 'reached', at: '2026-03-10 09:00' }, 'at'],
      [{ type: 'call', outcome: 'reached' }, 'at'],
      [{ type: 'call', outcome: 'reached', at: '2026-03-10T09:00:00Z', note: 'x'.repeat(CONVERSATION_LIMITS.note + 1) }, 'note'],
    ];
    for (const [body, code] of cases) {
      const response = await luis.call(`/api/admin/leads/${report}/activities`, { method: 'POST', body });
      expect(response.status, code).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    expect(await count('lead_event')).toBe(before);
  });
});

describe('every new route', () => {
  const calls = () =>
    [
      ['GET', '/api/admin/templates'],
      ['POST', '/api/admin/templates', template('Sin sesión')],
      ['PUT', `/api/admin/templates/00000000-0000-4000-8000-000000000000`, template('Sin sesión')],
      ['DELETE', `/api/admin/templates/00000000-0000-4000-8000-000000000000`],
      ['GET', `/api/admin/leads/${report}/compose`],
      ['POST', `/api/admin/leads/${report}/email`, { subject: 'Hola', body: 'Hola' }],
      ['POST', `/api/admin/leads/${report}/whatsapp`, { text: 'Hola' }],
      ['POST', `/api/admin/leads/${report}/activities`, { type: 'call', outcome: 'reached', at: '2026-03-10T09:00:00Z' }],
    ] as [string, string, unknown?][];

  it('answers 401 without a session and stores nothing', async () => {
    const before = [await count('lead_event'), await count('message_template')];
    for (const [method, path, body] of calls()) {
      const response = await fetch(`${local.base}${path}`, {
        method,
        headers: { origin: local.base, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect([await count('lead_event'), await count('message_template')]).toEqual(before);
  });

  it('refuses every state change without the CSRF token (403), storing nothing', async () => {
    const before = [await count('lead_event'), await count('message_template')];
    for (const [method, path, body] of calls().filter(([method]) => method !== 'GET')) {
      const response = await ana.call(path, { method, body, headers: { 'x-csrf-token': '' } });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect([await count('lead_event'), await count('message_template')]).toEqual(before);
  });

  it('answers 404 for a lead that is not there', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    expect((await ana.call(`/api/admin/leads/${gone}/compose`)).status).toBe(404);
    expect((await ana.call(`/api/admin/leads/${gone}/email`, { method: 'POST', body: { subject: 'a', body: 'b' } })).status).toBe(404);
  });
});
