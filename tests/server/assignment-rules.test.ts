// Assignment rules over real HTTP (issue 40): admins keep an ordered list, agents only read it;
// each criterion (kind, country, language, partner, source) matches on its own, the first rule
// that matches wins, spam is never assigned; round robin stays fair when leads arrive at once; the
// assignee gets an e-mail in their language (name, kind, phone, estimate, link) and a badge until
// they open the lead; every automatic assignment is on the timeline.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, postJson, reportOn, startLocalApi, VALID, type LocalApi } from './support/api.ts';
import { bodyOf, isTo, subjectOf } from './support/mail.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
let eva: Session;
const users: Record<string, string> = {};
const XSS = '<img src=x onerror=alert(1)> "><script>alert(2)</script>';

const put = (rules: unknown, session = ana, headers?: Record<string, string>) =>
  session.call('/api/admin/assignment-rules', { method: 'PUT', body: { rules }, headers });
const stored = async () =>
  await local.api.db.query<{ name: string; turn: string }>('select name, turn::text from assignment_rule order by position');
const assigneeOf = async (name: string) =>
  (
    await local.api.db.query<{ email: string | null }>(
      'select u.email from lead l left join admin_user u on u.id = l.assignee where l.name = $1',
      [name],
    )
  )[0]?.email ?? null;
const unseen = async (session: Session) => ((await (await session.call('/api/admin/assignments')).json()) as { unseen: number }).unseen;
const mailsTo = (address: string) => outboxMails(local.dataDir, 'assigned-').filter((eml) => isTo(eml, address));

/** A wait-list lead stored as the API stores one, with the attribution and spam verdict given. */
async function waitList(
  name: string,
  {
    lang = 'es',
    partner = null,
    source = null,
    spam = null,
  }: { lang?: string; partner?: string | null; source?: string | null; spam?: string | null } = {},
) {
  await local.api.db.query(
    `insert into wait_list (interesado, nombre, correo, telefono, comentario, request_hash, lang, partner_code, utm_source, spam_reason)
     values ('cliente', $1, 'x@example.com', '+57 300 000 0000', 'Casa', 'h', $2, $3, $4, $5)`,
    [name, lang, partner, source, spam],
  );
}
async function partner(name: string, pais: string) {
  await local.api.db.query(
    `insert into partner (nombre, correo, telefono, pais, especializacion, request_hash, lang) values ($1, 'p@example.com', '+57 300 000 0000', $2, 'bim', 'h', 'es')`,
    [name, pais],
  );
}

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MAIL_RETRY_MS: '100' });
  for (const [email, role] of [
    ['ana@example.com', 'admin'],
    ['luis@example.com', 'agent'],
    ['eva@example.com', 'agent'],
    ['omar@example.com', 'agent'],
  ] as const)
    await createOperator(local.api.db, email, role);
  for (const row of await local.api.db.query<{ id: string; email: string }>('select id, email from admin_user')) users[row.email] = row.id;
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  eva = await signInAs(local.base, 'eva@example.com');
  expect((await eva.call('/api/admin/me', { method: 'PATCH', body: { lang: 'en' } })).status).toBe(204);
});
afterAll(() => local.close());

describe('the rules', () => {
  it('are changed by admins only: 401 without a session, 403 for an agent or without the CSRF token, nothing stored', async () => {
    const rules = [{ name: 'Todos', operators: [users['luis@example.com']] }];
    expect((await put(rules, luis)).status).toBe(403);
    expect((await put(rules, ana, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    const anonymous = await fetch(`${local.base}/api/admin/assignment-rules`, {
      method: 'PUT',
      headers: { origin: local.base, 'content-type': 'application/json' },
      body: JSON.stringify({ rules }),
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${local.base}/api/admin/assignment-rules`)).status).toBe(401);
    expect((await fetch(`${local.base}/api/admin/assignments`)).status).toBe(401);
    expect(await stored()).toEqual([]);
    // Agents read them.
    const read = await luis.call('/api/admin/assignment-rules');
    expect(read.status).toBe(200);
    expect(((await read.json()) as { operators: { email: string }[] }).operators.map((o) => o.email)).toEqual([
      'ana@example.com',
      'eva@example.com',
      'luis@example.com',
      'omar@example.com',
    ]);
  });

  it('refuses a bad list with a 400 and its code, nothing stored', async () => {
    const luisId = users['luis@example.com']!;
    for (const [rules, code] of [
      [[{ operators: [luisId] }], 'rule-name'],
      [[{ name: '   ', operators: [luisId] }], 'rule-name'],
      [[{ name: 'x'.repeat(81), operators: [luisId] }], 'rule-name'],
      [[{ name: 'a\u200bb', operators: [luisId] }], 'characters'],
      [[{ name: 'Sin nadie', operators: [] }], 'rule-operators'],
      [[{ name: 'Nadie', operators: ['00000000-0000-4000-8000-000000000000'] }], 'rule-operators'],
      [[{ name: 'Tipo', kinds: ['visit'], operators: [luisId] }], 'rule-kinds'],
      [[{ name: 'Idioma', langs: ['fr'], operators: [luisId] }], 'rule-langs'],
      [[{ name: 'Países', countries: ['x'.repeat(101)], operators: [luisId] }], 'rule-list'],
      [Array.from({ length: 51 }, (_, i) => ({ name: `R${i}`, operators: [luisId] })), 'rules'],
      ['todas', 'rules'],
    ] as const) {
      const response = await put(rules);
      expect(response.status, JSON.stringify(rules).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    expect(await stored()).toEqual([]);
  });

  it('keeps a name with markup as typed', async () => {
    expect((await put([{ name: XSS, operators: [users['omar@example.com']] }])).status).toBe(204);
    const read = (await (await ana.call('/api/admin/assignment-rules')).json()) as { rules: { name: string }[] };
    expect(read.rules.map((rule) => rule.name)).toEqual([XSS.replace(/\s+/g, ' ')]);
    expect((await put([])).status).toBe(204);
  });
});

describe('applied as a lead is stored', () => {
  it('matches each criterion on its own, the first matching rule wins, and never spam', async () => {
    const rule = (name: string, operator: string, criteria: object) => ({ name, operators: [users[operator]], ...criteria });
    expect(
      (
        await put([
          rule('Socios de Perú', 'luis@example.com', { kinds: ['partner'], countries: [' PERÚ '] }),
          rule('Inglés', 'eva@example.com', { langs: ['en'] }),
          rule('Socio CASAS1', 'omar@example.com', { partners: ['casas1'] }),
          rule('Google', 'ana@example.com', { sources: ['Google'] }),
          rule('Socios', 'ana@example.com', { kinds: ['partner'] }),
        ])
      ).status,
    ).toBe(204);
    await partner('Socio Perú', 'Perú');
    await partner('Socio Chile', 'Chile');
    await waitList('English', { lang: 'en', partner: 'CASAS1' });
    await waitList('Con socio', { partner: 'CASAS1' });
    await waitList('De Google', { source: 'google' });
    await waitList('Sin regla');
    await waitList('Basura', { lang: 'en', spam: 'trap' });
    expect(
      Object.fromEntries(
        await Promise.all(
          ['Socio Perú', 'Socio Chile', 'English', 'Con socio', 'De Google', 'Sin regla', 'Basura'].map(async (n) => [
            n,
            await assigneeOf(n),
          ]),
        ),
      ),
    ).toEqual({
      'Socio Perú': 'luis@example.com',
      'Socio Chile': 'ana@example.com',
      English: 'eva@example.com',
      'Con socio': 'omar@example.com',
      'De Google': 'ana@example.com',
      'Sin regla': null,
      Basura: null,
    });
    const [event] = await local.api.db.query<{ type: string; detail: string; actor: string | null }>(
      "select e.type, e.detail, e.actor from lead_event e join lead l on l.id = e.lead_id where l.name = 'Socio Perú'",
    );
    expect(event).toEqual({ type: 'rule-assign', detail: 'luis@example.com\nSocios de Perú', actor: null });
  });

  it('gives leads in turn, fairly, when many arrive at once, skipping an operator removed since', async () => {
    const rules = (await (await ana.call('/api/admin/assignment-rules')).json()) as { rules: { id: string }[] };
    const turn = {
      name: 'Por turnos',
      kinds: ['wait-list'],
      operators: [users['luis@example.com'], users['eva@example.com'], users['omar@example.com']],
    };
    // The first rules keep their ids (and turns); the new one goes first.
    expect((await put([turn, ...rules.rules])).status).toBe(204);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Turno ${i}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    const counts = await local.api.db.query<{ email: string; n: number }>(
      `select u.email, count(*)::int as n from lead l join admin_user u on u.id = l.assignee where l.name like 'Turno %' group by u.email order by u.email`,
    );
    expect(counts).toEqual([
      { email: 'eva@example.com', n: 4 },
      { email: 'luis@example.com', n: 4 },
      { email: 'omar@example.com', n: 4 },
    ]);
    // In the order they were stored, the operators take consecutive turns.
    const order = await local.api.db.query<{ email: string }>(
      `select u.email from lead_event e join lead l on l.id = e.lead_id join admin_user u on u.id = l.assignee
       where e.type = 'rule-assign' and l.name like 'Turno %' order by e.id`,
    );
    expect(order.map((row) => row.email)).toEqual(Array(4).fill(['luis@example.com', 'eva@example.com', 'omar@example.com']).flat());
    expect((await stored()).map((row) => [row.name, row.turn])).toContainEqual(['Por turnos', '12']);
    // Omar leaves: the turn goes round the two left.
    expect((await ana.call(`/api/admin/users/${users['omar@example.com']}`, { method: 'DELETE' })).status).toBe(204);
    for (const name of ['Después 1', 'Después 2']) await waitList(name);
    // Turn 12 of the two left: Luis, then Eva.
    expect([await assigneeOf('Después 1'), await assigneeOf('Después 2')]).toEqual(['luis@example.com', 'eva@example.com']);
  });

  it("tells the assignee by e-mail in their language, with the lead's name, kind, phone, estimate and link, and a badge until they open it", async () => {
    const estimateRule = { name: 'Informes', kinds: ['report'], operators: [users['eva@example.com']] };
    // Omar's own rule names nobody now: an admin gives it to someone else or removes it (here, removes it).
    const current = (await (await ana.call('/api/admin/assignment-rules')).json()) as { rules: { name: string; operators: string[] }[] };
    expect(current.rules.filter((rule) => !rule.operators.length).map((rule) => rule.name)).toEqual(['Socio CASAS1']);
    expect((await put([estimateRule, ...current.rules.filter((rule) => rule.operators.length)])).status).toBe(204);
    const before = await unseen(eva);
    const response = await postJson(`${local.base}/api/form-report`, { ...(await reportOn(local.base)), nombre: `Rosa ${XSS}` });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await vi.waitFor(() => expect(mailsTo('eva@example.com').filter((eml) => bodyOf(eml).includes(id))).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    const [eml] = mailsTo('eva@example.com').filter((mail) => bodyOf(mail).includes(id));
    expect(subjectOf(eml!)).toBe(`Obra — a new lead for you: Rosa ${XSS} (Design report)`);
    expect(eml).not.toMatch(/text\/html/);
    const text = bodyOf(eml!);
    expect(text).toContain('An assignment rule gave you a new lead (Design report):');
    expect(text).toContain(`Rosa ${XSS}\nPhone: +57 300 1234567\nEstimate: COP`);
    expect(text).toContain(`http://localhost:8080/admin/leads/${id}`);
    // Luis's mails are in Spanish.
    const [spanish] = mailsTo('luis@example.com');
    expect(subjectOf(spanish!)).toMatch(/^Obra — un nuevo cliente potencial para ti: /);

    expect(await unseen(eva)).toBe(before + 1);
    expect((await eva.call(`/api/admin/leads/${id}`)).status).toBe(200);
    expect(await unseen(eva)).toBe(before);
    // The timeline names the rule and the operator.
    const lead = (await (await ana.call(`/api/admin/leads/${id}`)).json()) as { timeline: { type: string; detail: string }[] };
    expect(lead.timeline.find((event) => event.type === 'rule-assign')?.detail).toBe('eva@example.com\nInformes');
  });
});
