// The team's new-lead notifications (issue 15): who hears of each kind of lead and how. Every
// operator may read them; only admins change them (marked in the route table), with a body the
// contract checks (ADMIN_BODIES['PUT notifications']). The mails go through the mail outbox
// (notifications/mail-queue.ts); the screen also shows the latest ones and their state.
import { DEFAULT_LANG } from '@obra/schema';
import { MAX_RECIPIENTS, type NotificationMail, type NotificationRule } from '@obra/schema/admin-contract';
import { NO_CONTENT, type RouteHandler } from './context.ts';
import { KINDS } from './filter.ts';

/** GET /api/admin/notifications: a rule per kind (empty ones included), the digest hour, the latest 20 mails. */
export const getNotifications: RouteHandler<'GET notifications'> = async ({ db, config }) => {
  const stored = await db.query<NotificationRule>(
    'select kind, recipients, mode, lang, partner_copy as "partnerCopy" from notification_rule',
  );
  const rules = KINDS.map(
    (kind): NotificationRule =>
      stored.find((rule) => rule.kind === kind) ?? { kind, recipients: [], mode: 'each', lang: DEFAULT_LANG, partnerCopy: false },
  );
  const recent = await db.query<NotificationMail>(
    `select mail.id::text, mail.created_at, mail.recipient, mail.sent_at, mail.error, mail.digest_day, mail.to_partner, lead.kind, lead.name, lead.id as lead_id
     from notification_mail mail left join lead on lead.id = mail.lead_id order by mail.id desc limit 20`,
  );
  return { status: 200, body: { rules, recent, digestHour: config.digestHour, maxRecipients: MAX_RECIPIENTS } };
};

/** PUT /api/admin/notifications {rules: [{kind, recipients, mode, lang, partnerCopy?}]} (admins): the rules given replace those kinds'. */
export const saveNotifications: RouteHandler<'PUT notifications'> = async ({ db, operator, body: { rules } }) => {
  await db.transaction(async (tx) => {
    for (const rule of rules) {
      await tx.query(
        `insert into notification_rule (kind, recipients, mode, lang, partner_copy, updated_at, updated_by) values ($1, $2, $3, $4, $5, now(), $6)
         on conflict (kind) do update set recipients = excluded.recipients, mode = excluded.mode, lang = excluded.lang, partner_copy = excluded.partner_copy,
           updated_at = now(), updated_by = excluded.updated_by`,
        [rule.kind, rule.recipients, rule.mode, rule.lang, rule.partnerCopy, operator.email],
      );
    }
    // The audit says what changed, not to whom: the addresses are the team's, counted only.
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'notifications.saved', $2)", [
      operator.email,
      JSON.stringify(
        rules.map(({ kind, mode, lang, recipients, partnerCopy }) => ({ kind, mode, lang, partnerCopy, recipients: recipients.length })),
      ),
    ]);
  });
  return NO_CONTENT;
};
