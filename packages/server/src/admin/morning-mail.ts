// The morning e-mail: each operator, at their hour in their time zone, gets the list of their open
// tasks (on open leads) that are overdue or due that day, each with its lead's phone and estimate,
// in their language, with their times; nothing when nothing is due. A queue of the mail outbox (mail/mail-outbox.ts): one row per operator and
// local day (unique, so several API processes queue it once), sent exactly once, retried.
import { langOr, type Lang } from '@obra/schema';
import { CONSOLE_LOCALES, OPEN_STATUSES } from '@obra/schema/console';
import type { LeadEstimate } from '@obra/schema/admin-contract';
import type { TaskType } from '@obra/schema/console';
import type { Db } from '../db/index.ts';
import { claimDue } from '../jobs.ts';
import type { MailQueue } from '../mail/mail-outbox.ts';
import { textOr, textsIn } from '../texts.ts';
import { leadBrief } from './lead-brief.ts';

/** The most tasks one e-mail lists; the rest are in the console's queue. */
const LISTED = 100;
/** Hours after an operator's morning hour during which the day's e-mail may still go (a server down at 8 sends at 9). */
const WINDOW_HOURS = 3;

/** A morning e-mail as the outbox claims it. @table follow_up_mail */
interface Row {
  id: string;
  user_id: string;
  day: string;
  attempts: number;
}

/** The queue of morning e-mails, judged by `now` (a test moves it); links point at `consoleOrigin()`/admin, asked for each mail. */
export function morningMails(
  db: Db,
  { retryMs, consoleOrigin, now }: { retryMs: number; consoleOrigin: () => Promise<string>; now: () => Date },
): MailQueue<Row> {
  return {
    name: 'follow-up',
    // Today's e-mail for each operator whose hour has come (in their zone) and who has something due by the end of their day.
    prepare: async () =>
      void (await db.query(
        `insert into follow_up_mail (user_id, day)
         select u.id, ($1::timestamptz at time zone z.tz)::date
         from admin_user u cross join lateral (select coalesce(u.time_zone, (select time_zone from console_setting)) as tz) z
         where u.morning_hour is not null and u.password_hash is not null
           and extract(hour from $1::timestamptz at time zone z.tz) between u.morning_hour and u.morning_hour + $3 - 1
           and exists (select 1 from lead_task t join lead l on l.id = t.lead_id
             where t.assignee = u.id and t.done_at is null and l.status = any($2)
               and t.due_at < (date_trunc('day', $1::timestamptz at time zone z.tz) + interval '1 day') at time zone z.tz)
         on conflict (user_id, day) do nothing`,
        [now().toISOString(), OPEN_STATUSES, WINDOW_HOURS],
      )),
    claim: () =>
      claimDue<Row>(db, {
        table: 'follow_up_mail',
        pending: 'sent_at is null',
        attempts: 'attempts',
        nextAt: 'next_at',
        order: 'id',
        returning: 'id::text, user_id, day::text, attempts',
        lease: { backoffMs: retryMs },
      }),
    async mail(row) {
      const [user] = await db.query<{ email: string; lang: Lang | null; tz: string }>(
        `select email, lang, coalesce(time_zone, (select time_zone from console_setting)) as tz from admin_user where id = $1`,
        [row.user_id],
      );
      if (!user) return null;
      const due = await db.query<{
        id: string;
        kind: string;
        name: string;
        phone: string;
        estimate: LeadEstimate | null;
        type: TaskType;
        due_at: Date;
        note: string;
        late: boolean;
      }>(
        `select l.id, l.kind, l.name, l.phone, l.estimate, t.type, t.due_at, t.note, t.due_at < $2 as late
         from lead_task t join lead l on l.id = t.lead_id
         where t.assignee = $1 and t.done_at is null and l.status = any($4)
           and t.due_at < (date_trunc('day', $2::timestamptz at time zone $3) + interval '1 day') at time zone $3
         order by t.due_at, t.id limit ${LISTED + 1}`,
        [row.user_id, now().toISOString(), user.tz, OPEN_STATUSES],
      );
      // Done or moved since it was queued: nothing to say.
      if (!due.length) return null;
      const lang = langOr(user.lang);
      const t = textsIn(lang);
      const origin = await consoleOrigin();
      const at = new Intl.DateTimeFormat(CONSOLE_LOCALES[lang], { timeZone: user.tz, dateStyle: 'medium', timeStyle: 'short' });
      const late = due.filter((lead) => lead.late).length;
      const lines = due
        .slice(0, LISTED)
        .map((lead) =>
          [
            `${at.format(lead.due_at)}${lead.late ? ` (${t('consoleWork.mail.late')})` : ''} — ${lead.name} (${textOr(lang, `console.kind.${lead.kind}`, lead.kind)})`,
            `  ${[t(`consoleTasks.type.${lead.type}`), lead.note].filter(Boolean).join(': ')}`,
            ...leadBrief(lead, lang).map((line) => `  ${line}`),
            `  ${origin}/admin/leads/${lead.id}`,
          ].join('\n'),
        );
      const text = [
        t('consoleWork.mail.intro', { zone: user.tz }),
        '',
        lines.join('\n\n'),
        ...(due.length > LISTED ? ['', t('consoleWork.mail.more')] : []),
        '',
        t('consoleWork.mail.open'),
        `${origin}/admin/tasks`,
        '',
        t('consoleWork.mail.footer'),
      ].join('\n');
      const subject = late
        ? t('consoleWork.mail.subjectLate', { count: Math.min(due.length, LISTED), late })
        : t('consoleWork.mail.subject', { count: Math.min(due.length, LISTED) });
      return { to: user.email, subject, text };
    },
    sent: async (row) => void (await db.query('update follow_up_mail set sent_at = now(), error = null where id = $1', [row.id])),
    failed: async (row, reason) => void (await db.query('update follow_up_mail set error = $2 where id = $1', [row.id, reason])),
    describe: (row) => ({ id: row.id, day: row.day, attempts: row.attempts }),
  };
}
