// The e-mail to an operator an assignment rule gave a lead to (issue 40): in their language, the
// lead's name, kind, phone and estimate, and the link to its page in the console. A queue of the
// mail outbox (mail/mail-outbox.ts) over lead_assignment (migration 114), whose rows the rule's
// trigger writes in the lead's own transaction: sent exactly once, retried.
import { langOr, type Lang } from '@obra/schema';
import type { LeadEstimate } from '@obra/schema/admin-contract';
import type { Db } from '../db/index.ts';
import { claimDue } from '../jobs.ts';
import type { MailQueue } from '../mail/mail-outbox.ts';
import { textOr, textsIn } from '../texts.ts';
import { leadBrief } from './lead-brief.ts';

/** An assignment e-mail as the outbox claims it. @table lead_assignment */
interface Row {
  id: string;
  lead_id: string;
  user_id: string;
  attempts: number;
}

/** The queue of assignment e-mails; links point at `consoleOrigin()`/admin, asked for each mail. */
export function assignmentMails(
  db: Db,
  { retryMs, consoleOrigin }: { retryMs: number; consoleOrigin: () => Promise<string> },
): MailQueue<Row> {
  return {
    name: 'assigned',
    claim: () =>
      claimDue<Row>(db, {
        table: 'lead_assignment',
        pending: 'sent_at is null',
        attempts: 'attempts',
        nextAt: 'next_at',
        order: 'id',
        returning: 'id::text, lead_id::text, user_id::text, attempts',
        lease: { backoffMs: retryMs },
      }),
    async mail(row) {
      const [found] = await db.query<{
        email: string;
        lang: Lang | null;
        assignee: string | null;
        kind: string;
        name: string;
        phone: string;
        estimate: LeadEstimate | null;
      }>(
        `select u.email, u.lang, l.assignee, l.kind, l.name, l.phone, l.estimate
         from lead_assignment a join admin_user u on u.id = a.user_id join lead l on l.id = a.lead_id where a.id = $1`,
        [row.id],
      );
      // Given to someone else since, or the lead deleted: nothing to say.
      if (!found || found.assignee !== row.user_id) return null;
      const lang = langOr(found.lang);
      const t = textsIn(lang);
      const kind = textOr(lang, `console.kind.${found.kind}`, found.kind);
      const text = [
        t('consoleTasks.assignedMail.intro', { kind }),
        '',
        found.name,
        ...leadBrief(found, lang),
        '',
        `${await consoleOrigin()}/admin/leads/${row.lead_id}`,
        '',
        t('consoleTasks.assignedMail.footer'),
      ].join('\n');
      return { to: found.email, subject: t('consoleTasks.assignedMail.subject', { name: found.name, kind }), text };
    },
    sent: async (row) => void (await db.query('update lead_assignment set sent_at = now(), error = null where id = $1', [row.id])),
    failed: async (row, reason) => void (await db.query('update lead_assignment set error = $2 where id = $1', [row.id, reason])),
    describe: (row) => ({ id: row.id, lead: row.lead_id, attempts: row.attempts }),
  };
}
