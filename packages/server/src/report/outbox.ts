import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { ReportImage, ReportRow } from './pdf.ts';
import { reportEmail } from './email.ts';

/** The report e-mails: stored first, sent in the background, retried until they go. */
export interface Outbox {
  /** Sends what is due now (after a new report); returns at once. */
  kick(): void;
  /** Stops retrying and waits for a send under way. */
  close(): Promise<void>;
}

/**
 * Why a table and not a send before answering: SMTP can take seconds or be down, and the visitor
 * must not wait for it nor lose the report when it fails. The row is the outbox: claimed by moving
 * `mail_next_at` forward (a lease; `skip locked` keeps two API processes apart), marked sent, or
 * left with the error to try again with a growing delay (MAIL_RETRY_MS, doubling, at most 1 h),
 * checked at start-up, on each new report and every MAIL_RETRY_MS. The export shows mailed_at, attempts and the last error.
 */
export function createOutbox({ db, config, log }: { db: Db; config: Config; log: Logger }): Outbox {
  const { smtpUrl, from, outboxDir, timeoutMs, retryMs } = config.mail;
  // nodemailer and pdf-lib (~40 MB resident together) load with the first mail, not at start:
  // most processes start with nothing to send (README, "A lean server").
  let transport: Promise<Transporter> | undefined;
  const mailer = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      smtpUrl ? createTransport(smtpUrl, { from }) : createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from }),
    ));
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function imageOf(row: ReportRow): Promise<ReportImage> {
    if (!row.image_id) return undefined;
    const [stored] = await db.query<{ content_type: string; body: Uint8Array }>('select content_type, body from image where id = $1', [row.image_id]);
    if (stored?.content_type === 'image/png') return { png: stored.body };
    if (stored?.content_type === 'image/jpeg') return { jpeg: stored.body };
    return undefined;
  }

  async function send(row: ReportRow) {
    const started = performance.now();
    const lang = row.lang === 'en' ? 'en' : 'es';
    const { reportPdf } = await import('./pdf.ts');
    const pdf = await reportPdf(row, await imageOf(row).catch(() => undefined), lang);
    const message = { ...reportEmail(row, lang), to: row.correo, attachments: [{ filename: `reporte-${row.id.slice(0, 8)}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }] };
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer from the mail server in ${timeoutMs} ms`)), timeoutMs).unref());
    const info = (await Promise.race([(await mailer()).sendMail(message), timeout])) as { message?: Buffer; messageId?: string };
    if (!smtpUrl && info.message) {
      await mkdir(outboxDir, { recursive: true });
      // Written aside, then renamed: whoever watches the folder never reads half a message.
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`);
      await writeFile(`${file}.part`, info.message);
      await rename(`${file}.part`, file);
    }
    log.info('report mailed', { id: row.id, to: smtpUrl ? 'smtp' : outboxDir, pdfBytes: pdf.length, ms: Math.round(performance.now() - started) });
  }

  async function run() {
    for (;;) {
      const rows = await db.query<ReportRow>(
        `update report set mail_attempts = mail_attempts + 1, mail_next_at = now() + make_interval(secs => least(3600, $1::float8 * power(2, mail_attempts)))
         where id in (select id from report where mailed_at is null and mail_status = 'queued' and spam_reason is null and mail_next_at <= now()
                      order by created_at limit 5 for update skip locked)
         returning *`,
        [retryMs / 1000],
      );
      if (!rows.length) return;
      for (const row of rows) {
        try {
          await send(row);
          await db.query("update report set mailed_at = now(), mail_status = 'sent', mail_error = null where id = $1", [row.id]);
        } catch (error) {
          const reason = (error as Error).message.slice(0, 500);
          await db.query('update report set mail_error = $2 where id = $1', [row.id, reason]);
          log.warn('report e-mail failed; it will be retried', { id: row.id, attempts: row.mail_attempts, reason });
        }
      }
    }
  }

  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error) => log.error('the report outbox failed', { error }))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, retryMs);
  timer.unref();
  kick();
  return {
    kick,
    async close() {
      closed = true;
      clearInterval(timer);
      while (running) await running;
      if (transport) (await transport).close();
    },
  };
}
