// Property-based requests to the whole API (tests/server/fuzz.test.ts, `npm run bench:fuzz`): every
// route of the console's contract (packages/schema/src/admin-contract/) and of the public API,
// each with its valid body bent one way (a member's wrong type, NUL and every Unicode class,
// `__proto__` keys, huge and empty values), or a body that is no JSON at all, under missing,
// wrong and doubled headers and wrong methods. Each request is sent over real HTTP on loopback
// with raw headers (a doubled header is two lines) and raw bytes (a lone surrogate, invalid UTF-8).
import { request } from 'node:http';
import fc from 'fast-check';
import type { AdminBodyRoute, AdminRequest, AdminRoute } from '@obra/schema/admin-contract';
import { createOperator, signInAs, type Session } from './admin.ts';
import { postJson, reportOn, startLocalApi, VALID, type LocalApi } from './api.ts';

/** How long a request may take before it counts as never answered. */
const TIMEOUT_MS = 5_000;

/** What the API may answer a request: a success, or a refusal that says why (never a 5xx). */
const ALLOWED = new Set([200, 201, 202, 204, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

/** Every route of the console's contract: `tsc` fails when one is added there and not here. */
const ADMIN_ROUTES = Object.keys({
  'GET leads': true,
  'GET due': true,
  'POST leads/bulk': true,
  'POST bulk-changes/:id/undo': true,
  'GET dashboard': true,
  'GET leads/:id': true,
  'PATCH leads/:id': true,
  'DELETE leads/:id': true,
  'POST leads/:id/notes': true,
  'POST leads/:id/resend': true,
  'GET leads/:id/report.pdf': true,
  'GET export.csv': true,
  'GET orders': true,
  'GET orders/:id': true,
  'GET orders.csv': true,
  'GET partners': true,
  'GET partners/:id': true,
  'PATCH partners/:id': true,
  'POST partners/:id/approve': true,
  'POST partners/:id/suspend': true,
  'POST partners/:id/reinstate': true,
  'GET sites': true,
  'POST session': true,
  'GET session': true,
  'POST sign-out': true,
  'POST password': true,
  'POST account/password': true,
  'PATCH me': true,
  'PUT company': true,
  'GET users': true,
  'POST users': true,
  'PATCH users/:id': true,
  'DELETE users/:id': true,
  'GET views': true,
  'POST views': true,
  'DELETE views/:id': true,
  'GET notifications': true,
  'PUT notifications': true,
  'GET webhooks': true,
  'POST webhooks': true,
  'PATCH webhooks/:id': true,
  'DELETE webhooks/:id': true,
  'POST webhooks/:id/rotate': true,
  'POST webhooks/:id/test': true,
  'GET webhooks/:id/deliveries': true,
  'POST webhook-deliveries/:id/resend': true,
  'GET leads/:id/person': true,
  'GET people/suggestions': true,
  'GET people/:id': true,
  'POST people/:id/merge': true,
  'POST people/:id/dismiss': true,
  'POST person-merges/:id/undo': true,
  'GET deal-stages': true,
  'PUT deal-stages': true,
  'GET board': true,
  'GET leads/:id/deals': true,
  'POST leads/:id/deals': true,
  'PATCH deals/:id': true,
  'GET revenue': true,
  'GET templates': true,
  'POST templates': true,
  'PUT templates/:id': true,
  'DELETE templates/:id': true,
  'GET leads/:id/compose': true,
  'POST leads/:id/email': true,
  'POST leads/:id/whatsapp': true,
  'POST leads/:id/activities': true,
  'GET leads/:id/tasks': true,
  'POST leads/:id/tasks': true,
  'PATCH tasks/:id': true,
  'GET tasks': true,
  'GET assignments': true,
  'GET assignment-rules': true,
  'PUT assignment-rules': true,
} satisfies Record<AdminRoute, true>) as AdminRoute[];

/** The tables whose rows a refusal must leave as they were (not sessions, throttles or mail queues: those move on their own). */
const STORED = [
  'admin_user',
  'assignment_rule',
  'checkout_session',
  'console_setting',
  'contact',
  'deal',
  'deal_stage',
  'image',
  'lead',
  'lead_event',
  'message_template',
  'lead_task',
  'notification_rule',
  'partner',
  'partner_account',
  'report',
  'saved_view',
  'setting',
  'wait_list',
  'webhook_endpoint',
  'webhook_event',
];

/** The columns the mail outbox changes in the background, and each new lead's phone as read (people.ts). */
const MAILED = 'mail_status,mailed_at,mail_attempts,mail_error,mail_next_at,mail_held,mail_retry_at,phone_key';

/** The API under fuzz, its seeded rows' ids and two signed-in admins (one only signs out). */
export interface FuzzTarget {
  local: LocalApi;
  admin: Session;
  /** The session that `POST sign-out` and `POST account/password` use, so the main one stays signed in. */
  leaver: Session;
  ids: { lead: string; report: string; partner: string; view: string; user: string };
  /** A digest of every row of the stored tables. */
  digest(): Promise<string>;
  close(): Promise<void>;
}

/** Starts an API (no rate limits: the fuzz is about the handlers) with a lead of each kind, a partner, a view, two admins and an agent. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const local = await startLocalApi({ RATE_LIMIT: '0', RATE_LIMIT_READS: '0', UNAPPROVED_SITE_WRITES: '0' });
  const { db } = local.api;
  await createOperator(db, 'fuzz@example.com');
  await createOperator(db, 'leaver@example.com');
  await createOperator(db, 'agent@example.com', 'agent');
  const admin = await signInAs(local.base, 'fuzz@example.com');
  const leaver = await signInAs(local.base, 'leaver@example.com');
  const created = async (response: Response) => {
    if (response.status !== 201) throw new Error(`seeding answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const lead = await created(await postJson(`${local.base}/api/contact`, VALID.contact));
  await created(await postJson(`${local.base}/api/wait-list`, VALID['wait-list']));
  const partner = await created(await postJson(`${local.base}/api/partner`, VALID.partner));
  const report = await created(await postJson(`${local.base}/api/form-report`, await reportOn(local.base)));
  const view = await created(await admin.call('/api/admin/views', { method: 'POST', body: { name: 'Nuevos', query: 'status=new' } }));
  const [user] = await db.query<{ id: string }>("select id from admin_user where email = 'agent@example.com'");
  // The mail outbox writes on its own (a report's mail state, a "mailed" event): those are left out.
  const sql = STORED.map(
    (table) =>
      `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(j::text, '|' order by j::text)), '') as h
       from (select to_jsonb(x) - '{${MAILED}}'::text[] as j from ${table} x ${table === 'lead_event' ? "where type <> 'mailed'" : ''}) y`,
  ).join(' union all ');
  const digest = async () =>
    (await db.query<{ t: string; n: number; h: string }>(sql))
      .map(({ t, n, h }) => `${t}:${n}:${h}`)
      .sort()
      .join(' ');
  return { local, admin, leaver, ids: { lead, report, partner, view, user: user!.id }, digest, close: () => local.close() };
}

/** Code points of every class a text may hide: NUL and controls, bidi controls, zero-width, BOM, object replacement, non-characters, lone surrogates, private use, unassigned. */
const SPECIALS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\ufffc',
  '\ufffd',
  '\uffff',
  '\ufdd0',
  '\ud800',
  '\udfff',
  '\ue000',
  '\u{f0000}',
  '\u0378',
  '\u{e0001}',
  '\u{10ffff}',
  '\u0301',
  '\u{1f600}',
  'ñ',
  ' ',
  '\n',
  '\t',
];
const char = fc.oneof(
  // NUL on its own too: the one character the database refuses outright.
  { arbitrary: fc.constant('\u0000'), weight: 1 },
  { arbitrary: fc.constantFrom(...SPECIALS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: fc.constantFrom('a', 'Z', '0', '@', '.', '-', '<', '"', '\\', '%', '/'), weight: 2 },
);
/** A short text of every Unicode class. */
const text = fc.string({ unit: char, maxLength: 24 });
/** A text only of what a reader cannot see. */
const invisible = fc.string({
  unit: fc.constantFrom('\u200b', '\u200c', '\u200d', '\ufeff', '\ufffc', '\u2060', '\u202e'),
  minLength: 1,
  maxLength: 6,
});
const huge = fc.constantFrom(0, 1, 2).map((size) => 'x'.repeat([2_001, 17_000, 300_000][size]!));

/** A value of any JSON type, weird ones first. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: text, weight: 8 },
  { arbitrary: invisible, weight: 2 },
  huge,
  fc.constantFrom('', ' ', null, true, false, 0, -1, -0, 1e308, 2 ** 53 + 1, 0.5, [], {}, ['x'], { a: 1 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('kind', 'at', 'note', '__proto__', 'constructor', 'x'), text, { maxKeys: 3 }),
);

/** One request as sent: raw header lines (a name twice is sent twice) and the body's bytes. */
export interface FuzzRequest {
  /** Its route, for the report: 'POST views', 'POST /api/contact'. */
  route: string;
  /** How its body was made: valid, member, proto, json, text, bytes, empty, huge. */
  shape: string;
  method: string;
  path: string;
  headers: [string, string][];
  body?: Buffer;
}

type Route = { route: string; method: string; path: (ids: FuzzTarget['ids']) => string; body?: unknown; admin: boolean };

/** A valid body of each admin route that reads one, typed by the contract. */
const adminBodies = (ids: FuzzTarget['ids']): { [K in AdminBodyRoute]: AdminRequest<K> } => ({
  'PATCH leads/:id': { status: 'contacted', followUp: { at: '2026-12-01T09:00:00-05:00', note: 'Llamar' } },
  'POST leads/:id/notes': { text: 'Llamó el cliente' },
  'POST partners/:id/approve': { code: 'SOCIO1', origins: ['https://socio.example'] },
  'PATCH partners/:id': { origins: ['https://socio.example'] },
  'POST leads/bulk': { action: 'status', status: 'qualified', ids: [ids.lead] },
  'POST users': { email: 'nuevo@example.com', role: 'agent' },
  'PATCH users/:id': { role: 'admin' },
  'PATCH me': { lang: 'en', timeZone: 'America/Bogota', morningHour: 8 },
  'PUT company': { timeZone: 'America/Lima' },
  'POST views': { name: 'Mis leads', query: 'assignee=me' },
  'POST session': { email: 'fuzz@example.com', password: 'wrong password' },
  'POST password': { token: 'x'.repeat(43), password: 'a new long password' },
  'POST account/password': { current: 'wrong password', password: 'a new long password' },
  'PUT notifications': { rules: [{ kind: 'contact', recipients: ['equipo@example.com'], mode: 'each', lang: 'es' }] },
  'POST webhooks': { url: 'https://hooks.example/obra', events: ['lead.created'] },
  'PATCH webhooks/:id': { enabled: false },
  'POST people/:id/merge': { person: ids.lead, reason: 'Mismo teléfono' },
  'POST people/:id/dismiss': { person: ids.lead },
  'PUT deal-stages': { stages: [{ es: 'Diseño', en: 'Design', probability: 30 }] },
  'POST leads/:id/deals': { amount: 150000, currency: 'USD', closeDate: '2026-12-31' },
  'PATCH deals/:id': { version: 1, amount: 160000 },
  'POST templates': { name: 'Hola', es: { subject: 'Hola {{name}}', body: 'Hola' }, en: { subject: 'Hello {{name}}', body: 'Hello' } },
  'PUT templates/:id': { name: 'Hola', es: { subject: 'Hola', body: 'Hola' }, en: { subject: 'Hello', body: 'Hello' } },
  'POST leads/:id/email': { subject: 'Hola {{name}}', body: 'Hola', template: null },
  'POST leads/:id/whatsapp': { text: 'Hola {{name}}' },
  'POST leads/:id/activities': { type: 'call', outcome: 'reached', at: '2026-03-01T09:00:00-05:00', note: 'Llamar' },
  'POST leads/:id/tasks': { type: 'call', due: '2026-12-01T09:00:00-05:00', note: 'Llamar' },
  'PATCH tasks/:id': { done: true },
  'PUT assignment-rules': { rules: [{ name: 'Informes', kinds: ['report'], operators: [ids.user] }] },
});

function routes(ids: FuzzTarget['ids'], report: unknown): Route[] {
  const bodies: Partial<Record<AdminRoute, unknown>> = adminBodies(ids);
  const admin = ADMIN_ROUTES.map((key): Route => {
    const [method, path] = key.split(' ') as [string, string];
    const idOf = path.startsWith('leads/:id/report')
      ? ids.report
      : path.startsWith('partners')
        ? ids.partner
        : path.startsWith('views')
          ? ids.view
          : path.startsWith('users')
            ? ids.user
            : ids.lead;
    return {
      route: key,
      method,
      admin: true,
      path: () => `/api/admin/${path.replace(':id', idOf)}`,
      body: bodies[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
    };
  });
  const publicRoute = (method: string, path: string, body?: unknown): Route => ({
    route: `${method} ${path}`,
    method,
    admin: false,
    path: () => path,
    body,
  });
  return [
    ...admin,
    publicRoute('GET', '/api/health'),
    publicRoute('GET', '/api/location?query=bog'),
    publicRoute('POST', '/api/generate-image', { prompt: 'Una casa', spec: { diseno: 'Doble pendiente' } }),
    publicRoute('GET', '/api/images/none.svg'),
    publicRoute('POST', '/api/estimate', report),
    publicRoute('POST', '/api/checkout', { slug: 'revit', lang: 'es' }),
    publicRoute('GET', '/api/checkout/session?id=cs_local_00000000000000000000000000000000'),
    publicRoute('POST', '/api/checkout/test/pay', { id: 'cs_local_00000000000000000000000000000000', email: 'a@example.com' }),
    publicRoute('POST', '/api/stripe/webhook', { id: 'evt_1', type: 'checkout.session.completed', data: { object: null } }),
    publicRoute('POST', '/api/wait-list', VALID['wait-list']),
    publicRoute('POST', '/api/partner', VALID.partner),
    publicRoute('POST', '/api/contact', VALID.contact),
    publicRoute('POST', '/api/form-report', report),
  ];
}

/** A query value, percent-encoded byte by byte (a lone surrogate too), or a broken escape. */
const queryValue = fc.oneof(
  text.map((value) => [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%00', '%FF', '%C0%80', 'x'.repeat(5000), ''),
);

/** The body of a route: its valid one bent one way, or no JSON at all. */
function bodyOf(valid: unknown): fc.Arbitrary<{ shape: string; body?: Buffer }> {
  const object = valid && typeof valid === 'object' ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(object);
  const json = (shape: string) => (data: unknown) => ({ shape, body: Buffer.from(JSON.stringify(data)) });
  const member = fc.tuple(fc.constantFrom(...keys, 'extra'), value).map(([key, data]) => ({ ...object, [key]: data }));
  return fc.oneof(
    { arbitrary: fc.constant(valid).map(json('valid')), weight: 1 },
    { arbitrary: member.map(json('member')), weight: 6 },
    {
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype').chain((key) =>
        fc.constantFrom(`{"${key}":{"role":"admin","polluted":true},`, `{"${key}":null,`, `{"a":{"${key}":{"x":1}},`).map((head) => ({
          shape: 'proto',
          body: Buffer.from(head + JSON.stringify(object).slice(1).replace(/^}$/, '"z":0}')),
        })),
      ),
      weight: 1,
    },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json('json')), weight: 1 },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,]',
            '{"a":1,}',
            'NaN',
            "{'a':1}",
            '{"a":1}{"b":2}',
            'null',
            '"x"',
            '1e999999',
            '[[[[[[[[[[[[[[[['.repeat(64),
          ),
          fc.constant(JSON.stringify(object)).chain((whole) => fc.nat(whole.length).map((cut) => whole.slice(0, cut))),
          text,
        )
        .map((raw) => ({ shape: 'text', body: Buffer.from(raw) })),
      weight: 1,
    },
    {
      // Bytes no UTF-8 encoder writes: a lone surrogate (CESU-8), an overlong NUL, a bare 0xFF, a BOM first.
      arbitrary: fc
        .tuple(fc.constantFrom(...keys, 'extra'), fc.constantFrom('eda080', 'c080', 'ff', 'efbfbf', 'f4908080'))
        .map(([key, hex]) => {
          const whole = JSON.stringify({ ...object, [key]: 'MARK' });
          const [head, tail] = whole.split('MARK') as [string, string];
          return { shape: 'bytes', body: Buffer.concat([Buffer.from(head), Buffer.from(hex, 'hex'), Buffer.from(tail)]) };
        }),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(Buffer.from('\ufeff' + JSON.stringify(object)), Buffer.alloc(0), undefined)
        .map((body) => ({ shape: 'empty', body })),
      weight: 1,
    },
  );
}

type HeaderChoice = 'right' | 'missing' | 'wrong' | 'doubled' | 'mixed';
const HEADERS = ['type', 'origin', 'cookie', 'csrf'] as const;
/** Every header right (four times in five), or one of them missing, wrong or doubled. */
const bent = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  { arbitrary: fc.tuple(fc.constantFrom(...HEADERS), fc.constantFrom<HeaderChoice>('missing', 'wrong', 'doubled', 'mixed')), weight: 1 },
);

/** Header lines for `name`: the right value, none, a wrong one, the right one twice, or the right and a wrong one. */
function lines(name: string, how: HeaderChoice, right: string | undefined, wrong: string): [string, string][] {
  if (right === undefined) return how === 'wrong' || how === 'mixed' ? [[name, wrong]] : [];
  return {
    right: [[name, right]],
    missing: [],
    wrong: [[name, wrong]],
    doubled: [
      [name, right],
      [name, right],
    ],
    mixed: [
      [name, right],
      [name, wrong],
    ],
  }[how] as [string, string][];
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND'];

/** Requests to every route of `target`'s API. */
export function requests(target: FuzzTarget, report: unknown): fc.Arbitrary<FuzzRequest> {
  const { base } = target.local;
  return fc.constantFrom(...routes(target.ids, report)).chain((route) =>
    fc
      .record({
        method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 9 }, { arbitrary: fc.constantFrom(...METHODS), weight: 1 }),
        body: route.body === undefined ? fc.constant({ shape: 'none', body: undefined }) : bodyOf(route.body),
        id: fc.oneof(
          { arbitrary: fc.constant(''), weight: 6 },
          {
            arbitrary: fc.constantFrom(
              crypto.randomUUID(),
              '00000000-0000-0000-0000-000000000000',
              'x',
              '..%2F..',
              '%00',
              'a'.repeat(3000),
            ),
            weight: 1,
          },
        ),
        query: fc.option(queryValue, { freq: 3 }),
        header: bent,
      })
      .map(({ method, body, id, query, header }): FuzzRequest => {
        const how = (name: (typeof HEADERS)[number]): HeaderChoice => (header?.[0] === name ? header[1] : 'right');
        const [type, origin, cookie, csrf] = [how('type'), how('origin'), how('cookie'), how('csrf')];
        let path = route.path(target.ids);
        if (id) path = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, id);
        if (query !== null) path += `${path.includes('?') ? '&' : '?'}${path.includes('location') ? 'query' : 'q'}=${query}`;
        const session = route.route === 'POST sign-out' || route.route === 'POST account/password' ? target.leaver : target.admin;
        const sends = body.body !== undefined;
        const headers: [string, string][] = [
          ['host', new URL(base).host],
          ['connection', 'close'],
          ...lines(
            'content-type',
            type,
            sends ? 'application/json' : undefined,
            type === 'mixed' ? 'text/plain' : 'application/json; charset=latin1',
          ),
          ...lines('origin', origin, route.admin || origin !== 'right' ? base : undefined, 'https://evil.example'),
          ...(route.admin
            ? [...lines('cookie', cookie, session.cookie, 'obra_admin=forged'), ...lines('x-csrf-token', csrf, session.csrf, 'forged')]
            : []),
          ...(sends ? ([['content-length', String(body.body!.length)]] as [string, string][]) : []),
        ];
        return { route: route.route, shape: body.shape, method, path, headers, body: body.body };
      }),
  );
}

/** What became of one request. */
export type Outcome = { status: number; ms: number } | { error: string; ms: number };

/** Sends `r` on a connection of its own; never waits more than TIMEOUT_MS. */
export function send(base: string, r: FuzzRequest): Promise<Outcome> {
  const start = performance.now();
  const ms = () => Math.round(performance.now() - start);
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const req = request(`${base}${r.path}`, { method: r.method, headers: r.headers.flat(), signal, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: ms() }));
      res.on('error', () => resolve({ status: res.statusCode!, ms: ms() }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: signal.aborted ? 'timeout' : (error.code ?? error.name), ms: ms() }),
    );
    req.end(r.body);
  });
}

/**
 * What is wrong with an outcome, or undefined: no answer in time, a status outside ALLOWED, a
 * refusal after which the stored rows differ. A connection cut is fine only for a body past every
 * limit (the API answers 413 and closes while the client still writes).
 */
export function problem(r: FuzzRequest, outcome: Outcome, before: string, after: string): string | undefined {
  if ('error' in outcome)
    return (r.body?.length ?? 0) > 16 * 1024 && outcome.error !== 'timeout'
      ? undefined
      : `no answer (${outcome.error} after ${outcome.ms} ms)`;
  if (!ALLOWED.has(outcome.status)) return `answered ${outcome.status}`;
  if (outcome.status >= 400 && before !== after) {
    const was = new Set(before.split(' '));
    const changed = after
      .split(' ')
      .filter((table) => !was.has(table))
      .map((table) => table.split(':')[0]);
    return `refused with ${outcome.status} but ${changed.join(', ')} changed`;
  }
  return undefined;
}

/** A request in a line: its route, body shape and size, headers that are not the usual ones. */
export function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? 'no body'
      : `${r.shape} body ${JSON.stringify(r.body.subarray(0, 160).toString('latin1'))}${r.body.length > 160 ? `… (${r.body.length} bytes)` : ''}`;
  return `${r.route} as ${r.method} ${r.path.slice(0, 120)}; ${body}; headers ${r.headers
    .filter(([name]) => !['host', 'connection', 'content-length'].includes(name))
    .map(([name]) => name)
    .join(',')}`;
}
