// The report e-mails as a queue of the outbox (mail/outbox.ts): the report row is the outbox
// entry (mail_next_at is its lease, mail_attempts and mail_error what the console and export show).
import type { Db } from '../db/index.ts';
import type { MailQueue } from '../mail/outbox.ts';
import { reportEmail } from './email.ts';
import type { ReportImage, ReportRow } from './pdf.ts';

/** The queue of report e-mails; `retryMs` is the first backoff (doubling, at most 1 h). */
export function reportMails(db: Db, retryMs: number): MailQueue<ReportRow> {
  async function imageOf(row: ReportRow): Promise<ReportImage> {
    if (!row.image_id) return undefined;
    const [stored] = await db.query<{ content_type: string; body: Uint8Array }>('select content_type, body from image where id = $1', [
      row.image_id,
    ]);
    if (stored?.content_type === 'image/png') return { png: stored.body };
    if (stored?.content_type === 'image/jpeg') return { jpeg: stored.body };
    return undefined;
  }
  return {
    name: 'report',
    claim: () =>
      db.query<ReportRow>(
        `update report set mail_attempts = mail_attempts + 1, mail_next_at = now() + make_interval(secs => least(3600, $1::float8 * power(2, mail_attempts)))
         where id in (select id from report where mailed_at is null and mail_status = 'queued' and spam_reason is null and mail_next_at <= now()
                      order by created_at limit 5 for update skip locked)
         returning *`,
        [retryMs / 1000],
      ),
    async mail(row) {
      const lang = row.lang === 'en' ? 'en' : 'es';
      const { reportPdf } = await import('./pdf.ts');
      const pdf = await reportPdf(row, await imageOf(row).catch(() => undefined), lang);
      return {
        ...reportEmail(row, lang),
        to: String(row.correo),
        attachments: [{ filename: `reporte-${row.id.slice(0, 8)}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      };
    },
    sent: async (row) =>
      void (await db.query("update report set mailed_at = now(), mail_status = 'sent', mail_error = null where id = $1", [row.id])),
    failed: async (row, reason) => void (await db.query('update report set mail_error = $2 where id = $1', [row.id, reason])),
    describe: (row) => ({ id: row.id, lead: row.id, attempts: row.mail_attempts }),
  };
}
