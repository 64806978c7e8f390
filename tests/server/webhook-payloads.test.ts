// Webhook payloads, version 2, as a receiver sees them. The receiver here is written from
// docs/operators/webhooks.md and the JSON Schemas of docs/webhooks/v2/ alone: it imports nothing of
// the server's code, checks each signature with node:crypto as the docs show, and validates every
// event type against its published schema. The database's session time zone is set elsewhere
// than UTC: the timestamps must not care (on PGlite and on PostgreSQL).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { postJson, REPORT, startLocalApi, VALID, type LocalApi } from './support/api.ts';

const SCHEMAS = join(import.meta.dirname, '../../docs/webhooks/v2');

/** docs/operators/webhooks.md, "Verifying": the signature, within 5 minutes, then the JSON. */
function verify(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string): unknown {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  if (!id || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) throw new Error('stale or unsigned');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  const ok = String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((part) => {
      const [version, signature = ''] = part.split(',');
      const given = Buffer.from(signature, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!ok) throw new Error('bad signature');
  return JSON.parse(rawBody);
}

interface Received {
  type: string;
  version: number;
  timestamp: string;
  data: Record<string, unknown> & { fields?: Record<string, unknown> };
}

let local: LocalApi;
let admin: Session;
let receiver: Server;
let secret = '';
const events: Received[] = [];
const problems: string[] = [];
const ajv = new Ajv({ allErrors: true });
for (const file of readdirSync(SCHEMAS)) ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        const event = verify(secret, req.headers, body) as Received;
        const validate = ajv.getSchema(`https://schemas.obra.example/webhooks/v2/${event.type}.json`);
        if (!validate) problems.push(`no schema for ${event.type}`);
        else if (!validate(event)) problems.push(`${event.type}: ${ajv.errorsText(validate.errors)}`);
        events.push(event);
        res.writeHead(204).end();
      } catch (error) {
        problems.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0', WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8' });
  // The session's time zone, and new connections' on PostgreSQL, far from UTC.
  await local.api.db.query("select set_config('TimeZone', 'Asia/Tokyo', false)");
  if (local.api.db.kind === 'postgres')
    await local.api.db.exec("do $$ begin execute format('alter database %I set timezone = %L', current_database(), 'Asia/Tokyo'); end $$");
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  admin = await signInAs(local.base, 'ana@example.com');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const response = await admin.call('/api/admin/webhooks', {
    method: 'POST',
    body: { url, events: ['lead.created', 'lead.updated', 'report.mailed', 'partner.approved'] },
  });
  const { endpoint } = (await response.json()) as { endpoint: { id: string; secret: string } };
  secret = endpoint.secret;

  // Every event type: a lead of each kind (two reports, with and without extras), a status change,
  // the reports' mails, a partner's approval and the console's test event.
  const image = (await (await postJson(`${local.base}/api/generate-image`, { prompt: 'casa', spec: { diseno: 'Arco' } })).json()) as {
    url: string;
  };
  const report = { ...REPORT, imageUrl: new URL(image.url, local.base).href };
  for (const body of [report, { ...report, otros: [], correo: 'sin-extras@example.com' }])
    expect((await postJson(`${local.base}/api/form-report`, body)).status).toBe(201);
  const wait = (await (await postJson(`${local.base}/api/wait-list`, VALID['wait-list'])).json()) as { id: string };
  const partner = (await (await postJson(`${local.base}/api/partner`, VALID.partner)).json()) as { id: string };
  expect((await postJson(`${local.base}/api/contact`, VALID.contact)).status).toBe(201);
  expect((await admin.call(`/api/admin/leads/${wait.id}`, { method: 'PATCH', body: { status: 'contacted' } })).status).toBe(204);
  const approve = await admin.call(`/api/admin/partners/${partner.id}/approve`, {
    method: 'POST',
    body: { code: 'acme-obras', origins: ['https://socio.example'] },
  });
  expect(approve.status).toBe(200);
  expect((await admin.call(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST' })).status).toBe(202);
  const count = (type: string) => events.filter((event) => event.type === type).length;
  await vi.waitFor(
    () =>
      expect([
        count('lead.created'),
        count('lead.updated'),
        count('report.mailed'),
        count('partner.approved'),
        count('webhook.test'),
      ]).toEqual([5, 1, 2, 1, 1]),
    { timeout: 20_000, interval: 100 },
  );
});
afterAll(async () => {
  await local?.close();
  await new Promise((done) => receiver?.close(done));
});

describe('every event, checked by a receiver written from the docs', () => {
  it('verifies each signature and matches the published JSON Schema of its type', () => {
    expect(problems).toEqual([]);
    expect(events.every((event) => event.version === 2)).toBe(true);
  });

  it('writes every key in one style (camelCase) and every time in one format (UTC, milliseconds, Z)', () => {
    const keys: string[] = [];
    const times: string[] = [];
    const walk = (value: unknown, key = '') => {
      if (/(At|^timestamp)$/.test(key) && typeof value === 'string') times.push(value);
      if (Array.isArray(value)) value.forEach((item) => walk(item));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          keys.push(k);
          walk(v, k);
        }
    };
    events.forEach((event) => walk(event));
    expect(keys.filter((key) => !/^[a-z][A-Za-z0-9]*$/.test(key))).toEqual([]);
    expect(times.length).toBeGreaterThanOrEqual(events.length * 2 - 1);
    expect(times.filter((time) => !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(time))).toEqual([]);
  });

  it('sends the values as the forms submitted them: the extras as a list, the dimensions as typed', () => {
    const reports = events.filter((event) => event.type === 'lead.created' && event.data.kind === 'report');
    const extras = reports.map((event) => event.data.fields!.otros as string[]);
    expect(extras).toContainEqual([]);
    expect(extras).toContainEqual(['paneles-solares', 'domotica']);
    expect(reports.map((event) => event.data.fields!.altoEdificacion)).toEqual(['7,5', '7,5']);
    const approved = events.find((event) => event.type === 'partner.approved')!;
    expect(approved.data).toMatchObject({ code: 'acme-obras', origins: ['https://socio.example'], approvedBy: 'ana@example.com' });
    expect(approved.data.registration).toMatchObject({ kind: 'partner', fields: { nombre: VALID.partner.nombre } });
  });
});
