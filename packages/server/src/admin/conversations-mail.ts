// The e-mails operators write to leads from the console (conversations-routes.ts): a queue of the
// mail outbox (mail/mail-outbox.ts), sent once, retried. The row names the lead's address at
// sending; the subject (first line) and text are its lead_event's detail, replies go to the
// operator who wrote it. A lead deleted meanwhile takes its mail with it (on delete cascade).
import type { Db } from '../db/index.ts';
import { claimDue } from '../jobs.ts';
import type { MailQueue } from '../mail/mail-outbox.ts';

/** An e-mail to a lead as the outbox claims it. @table lead_mail */
interface Row {
  id: string;
  lead_id: string;
  attempts: number;
}

/** The queue of operators' e-mails to leads. */
export function leadMails(db: Db, retryMs: number): MailQueue<Row> {
  return {
    name: 'lead-mail',
    claim: () =>
      claimDue<Row>(db, {
        table: 'lead_mail',
        pending: 'sent_at is null',
        attempts: 'attempts',
        nextAt: 'next_at',
        order: 'next_at, id',
        returning: 'id::text, lead_id::text, attempts',
        lease: { backoffMs: retryMs },
      }),
    async mail(row) {
      const [mail] = await db.query<{ to_address: string; detail: string; actor_email: string | null }>(
        'select m.to_address, e.detail, e.actor_email from lead_mail m join lead_event e on e.id = m.event_id where m.id = $1',
        [row.id],
      );
      if (!mail) return null;
      const [subject = '', ...text] = mail.detail.split('\n');
      return { to: mail.to_address, subject, text: text.join('\n'), ...(mail.actor_email ? { replyTo: mail.actor_email } : {}) };
    },
    sent: async (row) => void (await db.query('update lead_mail set sent_at = now(), error = null where id = $1', [row.id])),
    failed: async (row, reason) => void (await db.query('update lead_mail set error = $2 where id = $1', [row.id, reason])),
    describe: (row) => ({ id: row.id, lead: row.lead_id, attempts: row.attempts }),
  };
}
