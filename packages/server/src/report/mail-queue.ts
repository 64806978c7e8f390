// The report e-mails as a queue of the mail outbox (mail/mail-outbox.ts): the report row is the
// mail's entry (mail_next_at is its lease, mail_attempts and mail_error what the console and
// export show). It chooses its rows itself rather than through claimDue (jobs.ts): its hourly pace
// and per-client turns are counted under one lock, so the choice is not a `skip locked` one.
import { langOr } from '@obra/schema';
import type { Db } from '../db/index.ts';
import { nextAttempt } from '../jobs.ts';
import type { MailQueue } from '../mail/mail-outbox.ts';
import { reportEmail } from './email.ts';
import type { ReportImage, ReportRow } from './pdf.ts';

/**
 * The queue of report e-mails; `retryMs` is the first backoff (doubling, at most 1 h). At most
 * `perHour` are taken in any hour (0: no pace), and when reports wait for room, each client's
 * oldest goes before anyone's second: a sender with a backlog cannot starve the next visitor.
 * Processes take their turns under one lock, so together they keep the pace too.
 */
export function reportMails(db: Db, { retryMs, perHour }: { retryMs: number; perHour: number }): MailQueue<ReportRow> {
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
      db.transaction(async (tx) => {
        await tx.query("select pg_advisory_xact_lock(hashtext('report-mail-claim'))");
        const rows = await tx.query<ReportRow>(
          `with room as (
             select case when $2::int = 0 then 5 else least(5, greatest(0, $2::int - (
               select count(*) from report_mail where claimed_at > now() - interval '1 hour')::int)) end as n),
           recent as (
             select client, count(*)::int as n from report_mail where claimed_at > now() - interval '1 hour' and client is not null group by client),
           -- A client's turn counts what it already had mailed this hour, so its second waits behind others' first.
           due as (
             select r.id, r.created_at,
                    row_number() over (partition by coalesce(r.client, r.id::text) order by r.created_at) + coalesce(recent.n, 0) as turn
             from report r left join recent on recent.client = r.client
             where r.mailed_at is null and r.mail_status = 'queued' and r.spam_reason is null and r.mail_next_at <= now())
           update report set mail_attempts = mail_attempts + 1, mail_next_at = ${nextAttempt('mail_attempts')}
           where id in (select id from due order by turn, created_at limit (select n from room))
           returning *`,
          [retryMs / 1000, perHour],
        );
        if (rows.length)
          await tx.query('update report_mail set claimed_at = now() where report_id = any($1) and claimed_at is null and sent_at is null', [
            rows.map((row) => row.id),
          ]);
        return rows;
      }),
    async mail(row) {
      const lang = langOr(row.lang);
      const { reportPdf } = await import('./pdf.ts');
      const pdf = await reportPdf(row, await imageOf(row).catch(() => undefined), lang);
      return {
        ...reportEmail(row, lang),
        to: String(row.correo),
        attachments: [{ filename: `reporte-${row.id.slice(0, 8)}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      };
    },
    async sent(row) {
      await db.transaction(async (tx) => {
        await tx.query("update report set mailed_at = now(), mail_status = 'sent', mail_error = null where id = $1", [row.id]);
        await tx.query('update report_mail set sent_at = now() where report_id = $1 and sent_at is null', [row.id]);
      });
    },
    failed: async (row, reason) => void (await db.query('update report set mail_error = $2 where id = $1', [row.id, reason])),
    describe: (row) => ({ id: row.id, lead: row.id, attempts: row.mail_attempts }),
  };
}
