// What an attacker tried against the API (issue 12), over real HTTP on loopback: the report e-mail
// as a relay, text that breaks storage or readers, one bad row failing others, IPv6 rate-limit
// evasion, huge and slow bodies, slow headers, and the small leaks (health, HEAD, Vary).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_KINDS } from '@obra/server';
import { createLeadStore } from '@obra/server/testing';
import { attachedPdf, pdfText } from './support/pdf.ts';
import {
  VALID,
  freshDatabase,
  postJson,
  startLocalApi,
  startProcess,
  type ApiProcess,
  type LocalApi,
  type TestDatabase,
} from './support/api.ts';

const REPORT = {
  estadoProyecto: 'Nueva',
  etapaProyecto: 'Concepcion',
  ancho: '25',
  longitud: '40',
  anchoEdificacion: '12',
  largoEdificacion: '18',
  altoEdificacion: '7',
  uso: 'housing',
  usoEspecifico: '',
  sistemaConstructivo: 'steel-framing',
  diseno: 'Doble pendiente',
  tipoFachada: 'Ventilada',
  materialCubierta: 'Arcilla/Concreto',
  materialFachada: 'Ladrillo',
  zona: 'zone1',
  otros: [],
  nombre: 'Eva',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  correo: 'victima@example.com',
  telefono: '+57 300 123 4567',
  imageUrl: '',
  prompt: 'Foto realista de una casa',
};

/**
 * Polls `read` until it returns a value (no fixed sleeps). What it waits for can be real work (the
 * mail outbox renders a PDF for each report): 11 reports took under 3 s on a quiet machine and more
 * than 15 s in a fresh-clone run while other work ran, so it waits up to the test's own limit.
 */
async function until<T>(read: () => Promise<T | undefined> | T | undefined, ms = 100_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting for a condition');
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** A raw TCP connection to `base` (for bodies and headers no fetch would send). */
function raw(base: string): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve({ socket, received: () => text, closed }));
    let text = '';
    const started = performance.now();
    const closed = new Promise<number>((done) => socket.on('close', () => done(performance.now() - started)));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('the report e-mail is no relay', () => {
  let local: LocalApi;
  let imageUrl = '';
  beforeAll(async () => {
    // One sender here (127.0.0.1): its own cap is off; 'the hourly cap' below tests it.
    local = await startLocalApi({ RATE_LIMIT: '0', REPORT_MAILS_PER_ADDRESS: '3', REPORT_MAILS_PER_CLIENT: '0' });
    const { url } = (await (await postJson(`${local.base}/api/generate-image`, { prompt: 'x', spec: { diseno: 'Arco' } })).json()) as {
      url: string;
    };
    imageUrl = new URL(url, local.base).href;
  });
  afterAll(() => local.close());
  const post = (body: unknown, headers?: Record<string, string>) => postJson(`${local.base}/api/form-report`, body, headers);
  const mails = () => {
    try {
      return readdirSync(join(local.dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  it.each([
    ['another site', 'https://evil.example/api/images/' + 'a'.repeat(43) + '.svg'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:image/svg+xml,<svg/>'],
    ['an image never generated', `LOCAL/api/images/${'b'.repeat(43)}.svg`],
    ['a huge URL', `LOCAL/api/images/${'c'.repeat(3000)}.svg`],
    // The API's own image and origin, dressed up: what the PDF used to print as it came.
    ['the right image behind a user name and password', 'USERINFO'],
    ['the right image with a query', 'IMAGE?PAY-HERE=evil.example'],
    ['the right image with a fragment', 'IMAGE#PAY-HERE.evil.example'],
  ])('refuses an imageUrl that is %s: 400 and nothing stored', async (_what, url) => {
    const userInfo = imageUrl.replace('http://', 'http://PAY-HERE.evil.example:x@');
    const response = await post({
      ...REPORT,
      imageUrl: url.replace('LOCAL', local.base).replace('USERINFO', userInfo).replace('IMAGE', imageUrl),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual(['imageUrl']);
    expect(await local.rows('report')).toHaveLength(0);
  });

  it("keeps the API's own image URL, not the visitor's: a Host header they chose reaches neither the row nor the PDF", async () => {
    const path = new URL(imageUrl).pathname;
    // Without PUBLIC_URL the request's Host is the API's origin for the check …
    const body = JSON.stringify({ ...REPORT, imageUrl: `http://pay-here.evil.example${path}`, correo: 'host@example.com' });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${local.base}/api/form-report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'pay-here.evil.example' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(201);
    const { id } = JSON.parse(answer.text) as { id: string };
    // … but what is stored (and mailed, and sent to webhooks) is the path this API serves it on.
    const [row] = await local.api.db.query<{ image_url: string }>('select image_url from report where id = $1', [id]);
    expect(row!.image_url).toBe(path);
    const eml = await until(() => {
      const file = mails().find((name) => name.includes(id));
      return file && readFileSync(join(local.dataDir, 'outbox', file), 'latin1');
    });
    const text = await pdfText(attachedPdf(eml));
    expect(text).toContain('host@example.com');
    expect(text).not.toMatch(/evil|PAY-HERE/i);
    await local.api.db.query('delete from report where id = $1', [id]);
  });

  it('mails at most 3 reports to one address a day: 6 reports → 6 rows, 3 mails, and the answer says so', async () => {
    const answers: { id: string; mail: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await post({ ...REPORT, imageUrl, nombre: `Eva ${i}` }, { 'idempotency-key': randomUUID() });
      expect(response.status).toBe(201);
      answers.push((await response.json()) as { id: string; mail: string });
    }
    expect(answers.map((a) => a.mail)).toEqual(['queued', 'queued', 'queued', 'held', 'held', 'held']);
    const rows = await local.rows('report');
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.mail_status === 'held')).toHaveLength(3);
    expect(rows.filter((r) => r.mail_status === 'queued' || r.mail_status === 'sent')).toHaveLength(3);
    // This test's mails only (the folder also holds the previous test's): the three queued, then no more.
    const ours = () => mails().filter((name) => answers.some((answer) => name.includes(answer.id)));
    await until(() => (ours().length >= 3 ? true : undefined));
    expect(
      ours()
        .map((name) => answers.findIndex((answer) => name.includes(answer.id)))
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2]);
    // The cap counts the address whatever its case.
    const upper = await post({ ...REPORT, imageUrl, correo: 'VICTIMA@example.com' });
    expect(((await upper.json()) as { mail: string }).mail).toBe('held');
  });

  it('concurrent reports to one address are counted one by one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post({ ...REPORT, imageUrl, correo: 'rafaga@example.com', nombre: `R${i}` }).then((r) => r.json() as Promise<{ mail: string }>),
      ),
    );
    expect(answers.filter((a) => a.mail === 'queued')).toHaveLength(3);
  });

  it("the mail holds no link and nothing but the visitor's name from the form", async () => {
    const file = await until(() => mails()[0]);
    const eml = (await import('node:fs')).readFileSync(join(local.dataDir, 'outbox', file), 'utf8');
    const body = eml
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    expect(body).not.toMatch(/https?:\/\//);
    expect(eml).toMatch(/Hola Eva/);
  });
});

describe('text hygiene', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0' });
  });
  afterAll(() => local.close());

  it.each([
    ['NUL', 'Ana\u0000'],
    ['a C1 control', 'Ana\u0085x'],
    ['a bidi override', 'Ana \u202Egpj.exe'],
    ['a bidi isolate', 'Ana \u2066x'],
    ['a zero-width space', 'A\u200Bna'],
    ['a byte-order mark', 'A\uFEFFna'],
    ['a lone surrogate', 'Ana \uD800'],
    ['three Hangul fillers (a name that shows blank)', '\u3164\u3164\u3164'],
    ['a right-to-left mark', 'Ana\u200F'],
    ['a soft hyphen', 'An\u00ADa'],
    ['a tag character', 'Ana\u{E0041}'],
    ['a line break in a one-line field', 'Ana\nLópez'],
  ])('%s in a field is a 400 with the `characters` key, and nothing is stored', async (_what, nombre) => {
    const response = await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toEqual({ nombre: 'characters' });
    expect(await local.rows('wait_list')).toHaveLength(0);
  });

  it('keeps what people write: accents, emoji with joiners, and line breaks where a field has several lines', async () => {
    const comentario = 'Casa de dos pisos 👨‍👩‍👧\nCon patio y ñandú';
    const response = await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre: 'José Ñúñez', comentario });
    expect(response.status).toBe(201);
    expect((await local.rows('wait_list')).at(-1)).toMatchObject({ nombre: 'José Ñúñez', comentario });
  });

  it('invalid UTF-8 is a 400 (never silently replaced) and a charset other than UTF-8 a 415', async () => {
    const body = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('","email":"a@example.com","message":"hola"}'),
    ]);
    const invalid = await fetch(`${local.base}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { errorMessage: string }).errorMessage).toMatch(/UTF-8/);
    const utf16 = await fetch(`${local.base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: JSON.stringify(VALID.contact),
    });
    expect(utf16.status).toBe(415);
    expect(await local.rows('contact')).toHaveLength(0);
  });

  it('one NUL request among 30 valid concurrent ones: 30 stored, the bad one 400', async () => {
    const bodies = Array.from({ length: 31 }, (_, i) => ({ ...VALID.contact, name: i === 15 ? 'Mala\u0000' : `Persona ${i}` }));
    const statuses = await Promise.all(bodies.map((body) => postJson(`${local.base}/api/contact`, body).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses[15]).toBe(400);
    expect(await local.rows('contact')).toHaveLength(30);
  });

  it('a batch insert that fails is written row by row: only the row at fault fails', async () => {
    // Below the schema (which refuses NUL): the store itself must not let one row fail the others.
    const store = createLeadStore(local.api.db);
    const kind = LEAD_KINDS.contact;
    const rows = Array.from({ length: 12 }, (_, i) => ({
      name: i === 5 ? 'Bad\u0000' : `Lote ${i}`,
      email: 'a@example.com',
      message: 'hola',
      lang: 'es',
      spam_reason: null,
    }));
    const results = await Promise.allSettled(rows.map((row, i) => store.save(kind, row, `batch-${i}`, `hash-${i}`)));
    expect(results.map((r) => r.status)).toEqual(rows.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    expect((await local.rows('contact')).filter((r) => String(r.name).startsWith('Lote'))).toHaveLength(11);
  });

  it('otros takes each extra once, and the prompt has a size and character limit', async () => {
    const { url } = (await (await postJson(`${local.base}/api/generate-image`, { prompt: 'x', spec: {} })).json()) as { url: string };
    const report = { ...REPORT, imageUrl: new URL(url, local.base).href };
    const many = await postJson(`${local.base}/api/form-report`, { ...report, otros: Array(50).fill('sotano') });
    expect(await many.json()).toMatchObject({ errors: { otros: 'choose' } });
    const prompt = await postJson(`${local.base}/api/form-report`, { ...report, prompt: 'casa\u0007' });
    expect(await prompt.json()).toMatchObject({ errors: { prompt: 'characters' } });
  });
});

describe('the hourly report-mail cap cannot be spent by one sender', () => {
  let local: LocalApi;
  let imageUrl = '';
  beforeAll(async () => {
    // TRUST_PROXY: the senders are played with X-Forwarded-For.
    local = await startLocalApi({
      RATE_LIMIT: '0',
      TRUST_PROXY: '1',
      REPORT_MAILS_PER_CLIENT: '2',
      REPORT_MAILS_PER_HOUR: '12',
      MAIL_RETRY_MS: '200',
    });
    const { url } = (await (await postJson(`${local.base}/api/generate-image`, { prompt: 'x', spec: { diseno: 'Arco' } })).json()) as {
      url: string;
    };
    imageUrl = new URL(url, local.base).href;
  });
  afterAll(() => local.close());
  const report = (from: string, correo: string) =>
    postJson(`${local.base}/api/form-report`, { ...REPORT, imageUrl, correo }, { 'x-forwarded-for': from }).then(
      async (r) => (await r.json()) as { id: string; mail: string },
    );
  const sentTo = async () =>
    (await local.api.db.query<{ correo: string }>('select correo from report where mailed_at is not null order by mailed_at')).map(
      (row) => row.correo,
    );
  it('one sender from 5 addresses, 6 reports each to strangers: 2 mailed per address, the rest held; the next visitor is mailed', async () => {
    const answers = [];
    for (let a = 0; a < 5; a += 1)
      for (let i = 0; i < 6; i += 1) answers.push(await report(`203.0.113.${a}`, `victima${a}-${i}@example.com`));
    expect(answers.filter((a) => a.mail === 'queued')).toHaveLength(10);
    expect(answers.filter((a) => a.mail === 'held')).toHaveLength(20);
    const visitor = await report('198.51.100.9', 'visitante@example.com');
    expect(visitor.mail).toBe('queued');
    await until(async () => ((await sentTo()).length === 11 ? true : undefined));
    expect(await sentTo()).toContain('visitante@example.com');
  });

  it("a backlog from many addresses waits its turn: once the hour has room, the next visitor goes before any sender's second mail", async () => {
    // 1 more mail fills the hour (12); 8 addresses × 2 reports and a visitor wait.
    for (let a = 0; a < 8; a += 1) for (let i = 0; i < 2; i += 1) await report(`192.0.2.${a}`, `otro${a}-${i}@example.com`);
    const visitor = await report('198.51.100.10', 'segunda-visita@example.com');
    expect(visitor.mail).toBe('queued');
    await until(async () => ((await sentTo()).length === 12 ? true : undefined));
    // The hour is spent: the visitor's report is stored, queued, not taken.
    expect(await local.api.db.query('select count(*)::int as n from report_mail where claimed_at is not null')).toEqual([{ n: 12 }]);
    expect(await local.api.db.query('select mail_attempts from report where id = $1', [visitor.id])).toEqual([{ mail_attempts: 0 }]);
    // An hour later (the pace's window moved by hand): 12 more go, every sender's first and the visitor before any second.
    await local.api.db.query("update report_mail set claimed_at = claimed_at - interval '61 minutes' where claimed_at is not null");
    await report('198.51.100.11', 'kick@example.com');
    await until(async () => ((await sentTo()).length >= 24 ? true : undefined));
    const second = (await sentTo()).slice(12);
    expect(second).toHaveLength(12);
    expect(second).toContain('segunda-visita@example.com');
    expect(second).toContain('kick@example.com');
    const firsts = second.filter((to) => /-0@/.test(to));
    expect(firsts.length).toBeGreaterThanOrEqual(7);
    // Still waiting: only second mails of senders.
    const waiting = await local.api.db.query<{ correo: string }>(
      "select correo from report where mail_status = 'queued' and mailed_at is null",
    );
    expect(waiting.every((row) => /-1@/.test(row.correo))).toBe(true);
  });
});

describe('rate limit by client', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '2', RATE_LIMIT_WINDOW: '60', TRUST_PROXY: '1' });
  });
  afterAll(() => local.close());
  const send = (ip: string) => postJson(`${local.base}/api/contact`, VALID.contact, { 'x-forwarded-for': ip }).then((r) => r.status);

  it('counts an IPv6 /64 as one client: fresh addresses in it get no fresh buckets', async () => {
    expect([await send('2001:db8:1:2::1'), await send('2001:db8:1:2:ffff::9'), await send('2001:db8:1:2:aaaa:bbbb:cccc:dddd')]).toEqual([
      201, 201, 429,
    ]);
    expect(await send('2001:db8:1:3::1')).toBe(201);
    // An IPv4-mapped address is its IPv4 address.
    expect([await send('::ffff:198.51.100.7'), await send('198.51.100.7'), await send('::ffff:198.51.100.7')]).toEqual([201, 201, 429]);
  });
});

describe('bodies, headers and connections', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0', BODY_LIMIT: '1024', HEADERS_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '1500' });
  });
  afterAll(() => local.close());

  it('answers a 1 GiB chunked body 413 within a second, without reading it, and closes the socket', async () => {
    const { socket, received, closed } = await raw(local.base);
    socket.write('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const started = performance.now();
    // Keeps sending (up to 1 GiB) until the server answers or closes.
    const pump = () => {
      while (sent < 2 ** 30 && !socket.destroyed && !received().includes('413')) {
        sent += chunk.length;
        if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`)) return void socket.once('drain', pump);
      }
    };
    pump();
    await until(() => (received().includes('413') ? true : undefined), 1000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(received()).toMatch(/^HTTP\/1\.1 413/);
    expect(received()).toMatch(/connection: close/i);
    expect(await closed).toBeLessThan(3000);
    expect(sent).toBeLessThan(2 ** 30);
  });

  it('health says the database answers without saying more; HEAD works on GET routes; every answer varies by Origin', async () => {
    const health = await fetch(`${local.base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('vary')).toContain('Origin');
    const head = await fetch(`${local.base}/api/location?query=lima`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${local.base}/api/location?query=lima`)).headers.get('vary')).toContain('Origin');
  });

  it('a client that goes away mid-request is no server error', async () => {
    const { socket } = await raw(local.base);
    socket.write('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":');
    socket.destroy();
    // The API still answers, and nothing was stored.
    expect((await fetch(`${local.base}/api/health`)).status).toBe(200);
    expect(await local.rows('contact')).toHaveLength(0);
  });

  it("an https page is not the http API's own origin (scheme matters): its site is not approved", async () => {
    const response = await postJson(`${local.base}/api/contact`, VALID.contact, { origin: local.base.replace('http:', 'https:') });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ site: 'unapproved' });
    const own = await postJson(`${local.base}/api/contact`, { ...VALID.contact, name: 'Propia' }, { origin: local.base });
    expect(await own.json()).not.toHaveProperty('site');
  });
});

describe('npm start (host/serve.ts) as its own process', () => {
  let database: TestDatabase;
  let host: ApiProcess;
  beforeAll(async () => {
    database = await freshDatabase();
    host = await startProcess('host', { ...database.env, HOST: '127.0.0.2', HEADERS_TIMEOUT_MS: '400', LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await host?.stop();
    await database?.drop();
  });

  it('listens on HOST only', async () => {
    const port = new URL(host.base).port;
    expect(host.output()).toContain(`http://127.0.0.2:${port}/`);
    expect((await fetch(`http://127.0.0.2:${port}/api/health`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('cuts a client that sends its headers too slowly (HEADERS_TIMEOUT_MS)', async () => {
    const { socket, closed } = await raw(host.base.replace('127.0.0.1', '127.0.0.2'));
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
    const ms = await closed;
    clearInterval(timer);
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(3000);
  });
});
