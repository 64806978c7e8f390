// POST /api/form-report over real HTTP: validated, stored once per Idempotency-Key, rendered to a
// PDF and mailed: as .eml files in the outbox by default, and through SMTP_URL to a real local SMTP
// sink (smtp-server) over loopback.
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, signInAs } from './support/admin.ts';
import { postJson, reportOn, startLocalApi, type LocalApi, type REPORT } from './support/api.ts';
import { attachedPdf, pdfText } from './support/pdf.ts';

const waitFor = async <T>(read: () => T | undefined, ms = 15_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 50));
  }
};

describe('POST /api/form-report (outbox folder)', () => {
  let local: LocalApi;
  let report: typeof REPORT;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0' });
    report = await reportOn(local.base);
  });
  afterAll(() => local.close());
  const post = (body: unknown, headers?: Record<string, string>) => postJson(`${local.base}/api/form-report`, body, headers);

  it('stores a valid report, answers 201 {id} and writes an e-mail with the PDF to the requester', async () => {
    const response = await post(report, { 'Idempotency-Key': 'report-1' });
    expect(response.status).toBe(201);
    const { id, mail } = (await response.json()) as { id: string; mail: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(mail).toBe('queued');
    const [row] = await local.rows('report');
    expect(row).toMatchObject({
      id,
      nombre: 'María Núñez',
      correo: 'maria@example.com',
      alto_edificacion: '7,5',
      otros: 'paneles-solares,domotica',
      diseno: 'Doble pendiente',
    });
    const files = await waitFor(() => {
      let found: string[] = [];
      try {
        found = readdirSync(join(local.dataDir, 'outbox')).filter((name) => name.endsWith(`${id}.eml`));
      } catch {
        // The outbox folder appears with the first e-mail.
      }
      return found.length ? found : undefined;
    });
    const eml = readFileSync(join(local.dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: maria@example\.com/m);
    const pdf = attachedPdf(eml);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Lengths keep their unit with a no-break space (report/pdf.ts), which pdf.js reads as a space.
    const text = (await pdfText(pdf)).replace(/\u00a0/g, ' ');
    for (const expected of [
      'María Núñez',
      'maria@example.com',
      'Medellín, Antioquia, Colombia',
      '25 m × 40 m',
      '7,5 m',
      '12 m',
      '18 m',
      'Teja de arcilla o concreto',
      'Ventilada',
      'Rural',
      'Paneles solares, Domótica',
      'Steel framing',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('replays the first answer for the same key, 422 for the same key with another body', async () => {
    const first = await post(report, { 'Idempotency-Key': 'report-2' });
    const replay = await post(report, { 'Idempotency-Key': 'report-2' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
    expect((await post({ ...report, nombre: 'Otra' }, { 'Idempotency-Key': 'report-2' })).status).toBe(422);
    expect((await local.rows('report')).filter((r) => r.idempotency_key === 'report-2')).toHaveLength(1);
  });

  it('answers 400 with field errors keyed like the widget messages', async () => {
    const response = await post({
      ...report,
      correo: 'nope',
      imageUrl: '',
      diseno: 'Cúpula',
      telefono: '+57 100 000 0000',
      anchoEdificacion: '123456',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errorMessage: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      correo: 'email',
      imageUrl: 'required',
      diseno: 'choose',
      telefono: 'phone',
      anchoEdificacion: 'dimension',
    });
    expect(body.errorMessage).toMatch(/no son válidos/);
    const other = await post({ ...report, uso: 'other' });
    expect(await other.json()).toMatchObject({ errors: { usoEspecifico: 'required' } });
  });

  it("refuses dimensions outside the use's bounds at their fields, in English too, and stores nothing", async () => {
    const before = (await local.rows('report')).length;
    // The cases: a 0.05 m building, a 99,999 m one, a 1,000 m warehouse; and one larger than its land.
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { anchoEdificacion: '0.05', largoEdificacion: '0.05' },
        { anchoEdificacion: 'range', largoEdificacion: 'range' },
      ],
      [
        { ancho: '', longitud: '', anchoEdificacion: '99999', largoEdificacion: '99999' },
        { anchoEdificacion: 'range', largoEdificacion: 'range' },
      ],
      [{ uso: 'warehouse', altoEdificacion: '1000' }, { altoEdificacion: 'range' }],
      [{ anchoEdificacion: '30' }, { anchoEdificacion: 'fit' }],
    ];
    for (const [fields, errors] of cases) {
      const response = await post({ ...report, ...fields }, { 'Accept-Language': 'en' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors, errorMessage: expect.stringMatching(/Some fields are invalid/) });
    }
    expect(await local.rows('report')).toHaveLength(before);
  });

  it('a report deleted on request takes its .eml along; the others stay', async () => {
    await createOperator(local.api.db, 'admin@example.com');
    const admin = await signInAs(local.base, 'admin@example.com');
    const outbox = join(local.dataDir, 'outbox');
    const mailOf = (id: string) => readdirSync(outbox).filter((name) => name.includes(id));
    const { id } = (await (await post({ ...report, correo: 'borrar@example.com' })).json()) as { id: string };
    await waitFor(() => (mailOf(id).length ? true : undefined));
    const others = readdirSync(outbox).filter((name) => !name.includes(id));
    expect(others.length).toBeGreaterThan(0);
    expect((await admin.call(`/api/admin/leads/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(mailOf(id)).toEqual([]);
    expect(readdirSync(outbox).filter((name) => !name.includes(id))).toEqual(others);
  });
});

describe('POST /api/form-report with SMTP_URL (a local SMTP sink)', () => {
  let sink: SMTPServer;
  const received: { to: string[]; data: string }[] = [];
  let local: LocalApi;
  let failNext = 1;

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
        stream.on('end', () => {
          if (failNext > 0) {
            failNext -= 1;
            callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
            return;
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((ready) => sink.listen(0, '127.0.0.1', ready));
    const { port } = sink.server.address() as AddressInfo;
    local = await startLocalApi({
      RATE_LIMIT: '0',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Obra <reportes@obra.test>',
      MAIL_RETRY_MS: '300',
    });
  });
  afterAll(async () => {
    await local.close();
    await new Promise<void>((done) => sink.close(() => done()));
  });

  it('a failed send is kept with its error and retried until the sink accepts it', async () => {
    const response = await postJson(`${local.base}/api/form-report`, await reportOn(local.base));
    expect(response.status).toBe(201);
    // The answer does not wait for the mail: the sink refuses the first attempt and takes the retry
    // (MAIL_RETRY_MS later), so nothing can have been delivered yet when the 201 arrives.
    expect(received).toHaveLength(0);
    const { id } = (await response.json()) as { id: string };
    const mail = await waitFor(() => received[0]);
    expect(mail.to).toEqual(['maria@example.com']);
    expect(mail.data).toMatch(/^From: Obra <reportes@obra\.test>/m);
    expect(await pdfText(attachedPdf(mail.data))).toContain('maria@example.com');
    await new Promise((done) => setTimeout(done, 200));
    const [row] = await local.rows('report');
    expect(row).toMatchObject({ id, mail_attempts: 2, mail_error: null });
    expect(row!.mailed_at).toBeInstanceOf(Date);
  });
});
