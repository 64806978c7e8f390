// The API as its own process: structured logs, graceful shutdown with a request in flight, data
// that survives a restart, and the staff export command (CSV and JSON).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, VALID, freshDatabase, postJson, startProcess, type ApiProcess } from './support/api.ts';

const run = promisify(execFile);
// An empty folder: the first start creates the embedded database, as on a new machine.
const database = await freshDatabase({ empty: true });
const env = { ...database.env, RATE_LIMIT: '0' };
const running: ApiProcess[] = [];
const start = async () => {
  const api = await startProcess('api', env);
  running.push(api);
  return api;
};
afterAll(async () => {
  await Promise.all(running.map((api) => api.stop()));
  await database.drop();
});

/** `npm run export -- …` as staff would type it. */
const exportLeads = (...args: string[]) =>
  run('npm', ['run', '-s', 'export', '--', ...args], { cwd: ROOT, env: { ...process.env, ...database.env } });

const key = randomUUID();
let firstId = '';
let slowId = '';

describe('the API process', () => {
  it('starts, logs one JSON object a line, and stores a lead', async () => {
    const api = await start();
    const response = await postJson(`${api.base}/api/wait-list`, VALID['wait-list'], { 'idempotency-key': key });
    expect(response.status).toBe(201);
    ({ id: firstId } = (await response.json()) as { id: string });
    expect(
      (await postJson(`${api.base}/api/contact`, { name: 'Eva', email: 'eva@example.com', message: '=SUM(A1), "hola"\nadiós' })).status,
    ).toBe(201);
    // A bot's entry (the honeypot filled): stored apart, out of the default export.
    expect((await postJson(`${api.base}/api/wait-list`, { ...VALID['wait-list'], nombre: 'Bot' }, { 'obra-trap': 'x' })).status).toBe(201);
    const lines = api
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'api ready',
      database: database.kind,
      places: expect.any(Number),
      gazetteerMs: expect.any(Number),
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', method: 'POST', path: '/api/wait-list', status: 201, ms: expect.any(Number) }),
    );
  });

  it('on SIGTERM a request in flight still finishes and is stored, then the process exits 0', async () => {
    const api = running.at(-1)!;
    const body = JSON.stringify({ ...VALID['wait-list'], nombre: 'Lenta' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${api.base}/api/wait-list`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight when shutdown starts.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        api.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 300);
    });
    const { status, body: text } = await answer;
    expect(status).toBe(201);
    ({ id: slowId } = JSON.parse(text) as { id: string });
    expect(await api.stop()).toBe(0);
    expect(api.output()).toContain('"msg":"shutting down"');
    await expect(fetch(`${api.base}/api/health`)).rejects.toThrow();
  });

  it('after a restart the data is there: a replay of the first key returns the first id', async () => {
    const api = await start();
    const replay = await postJson(`${api.base}/api/wait-list`, VALID['wait-list'], { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ id: firstId });
    expect(await api.stop()).toBe(0);
  });

  it('exports each lead type as CSV (default) and JSON, oldest first', async () => {
    const csv = (await exportLeads('wait-list')).stdout;
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'id,created_at,interesado,nombre,correo,telefono,comentario,lang,page_url,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,partner_code,partner_claim,widget,widget_version,embed_origin,embed_approved',
    );
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(`^${firstId},\\d{4}-\\d\\d-\\d\\dT[^,]+Z,proveedor,Ana,ana@example.com,\\+57 300 1234567,Acero,es,{13}$`),
      ),
      expect.stringMatching(new RegExp(`^${slowId},.*,Lenta,`)),
    ]);
    const json = JSON.parse((await exportLeads('wait-list', '--format', 'json')).stdout) as Record<string, string>[];
    expect(json.map((row) => [row.id, row.nombre, row.telefono])).toEqual([
      [firstId, 'Ana', '+57 300 123 4567'],
      [slowId, 'Lenta', '+57 300 123 4567'],
    ]);
    // Quotes, commas and new lines are quoted; a leading = cannot run as a spreadsheet formula.
    expect((await exportLeads('contact', '--format=csv')).stdout).toContain(
      `,Eva,eva@example.com,"'=SUM(A1), ""hola""\nadiós",es,,,,,,,,,,,,,\r\n`,
    );
    expect((await exportLeads('partner')).stdout).toBe(
      'id,created_at,nombre,telefono,correo,pais,especializacion,lang,page_url,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,partner_code,partner_claim,widget,widget_version,embed_origin,embed_approved\r\n',
    );
    const withSpam = JSON.parse((await exportLeads('wait-list', '--format', 'json', '--include-spam')).stdout) as Record<
      string,
      string | null
    >[];
    expect(withSpam.map((row) => [row.nombre, row.spam_reason])).toEqual([
      ['Ana', null],
      ['Bot', 'honeypot'],
      ['Lenta', null],
    ]);
  });

  it('the export command explains its usage for an unknown type or format', async () => {
    for (const args of [['clients'], ['wait-list', '--format', 'xml'], []]) {
      const failure = await exportLeads(...args).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(2);
      expect(failure?.stderr).toContain('Usage: npm run export -- <wait-list|partner|contact|report|order> [--format csv|json]');
    }
  });
});
