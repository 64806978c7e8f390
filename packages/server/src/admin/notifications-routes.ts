// The team's new-lead notifications (issue 15): who hears of each kind of lead and how. Every
// operator may read them; only admins change them. The mails go through the mail outbox
// (notifications/mail-queue.ts); the screen also shows the latest ones and their state.
import { FIELD_LIMITS, LANGS, type Lang } from '@obra/schema';
import { HttpError } from '../http/errors.ts';
import { NO_CONTENT, readObject, requireAdmin, type AdminHandler } from './context.ts';
import { KINDS } from './filter.ts';
import { OPERATOR_EMAIL as EMAIL } from '@obra/schema/admin-contract';

/** The most recipients one kind may have. */
const MAX_RECIPIENTS = 20;
const MODES = ['each', 'digest'] as const;

interface Rule {
  kind: (typeof KINDS)[number];
  recipients: string[];
  mode: (typeof MODES)[number];
  lang: Lang;
  /** Also a copy to the approved partner whose site the lead came from. */
  partnerCopy: boolean;
}

/** GET /api/admin/notifications: a rule per kind (empty ones included), the digest hour, the latest 20 mails. */
export const getNotifications: AdminHandler = async ({ db, config }) => {
  const stored = await db.query<Rule>('select kind, recipients, mode, lang, partner_copy as "partnerCopy" from notification_rule');
  const rules = KINDS.map(
    (kind) => stored.find((rule) => rule.kind === kind) ?? { kind, recipients: [], mode: 'each', lang: 'es', partnerCopy: false },
  );
  const recent = await db.query(
    `select mail.id::text, mail.created_at, mail.recipient, mail.sent_at, mail.error, mail.digest_day, mail.to_partner, lead.kind, lead.name, lead.id as lead_id
     from notification_mail mail left join lead on lead.id = mail.lead_id order by mail.id desc limit 20`,
  );
  return { status: 200, body: { rules, recent, digestHour: config.digestHour, maxRecipients: MAX_RECIPIENTS } };
};

/** One rule from the request, or a 400 naming what is wrong (`code` and, for addresses, which ones). */
function checkRule(value: unknown): Rule {
  const rule = (value ?? {}) as Record<string, unknown>;
  if (!KINDS.includes(rule.kind as Rule['kind']))
    throw new HttpError(400, `Each rule needs a kind: ${KINDS.join(', ')}.`, { body: { code: 'kind' } });
  const kind = rule.kind as Rule['kind'];
  if (!MODES.includes(rule.mode as Rule['mode']))
    throw new HttpError(400, `The mode of ${kind} must be each or digest.`, { body: { code: 'mode', kind } });
  if (!LANGS.includes(rule.lang as Lang))
    throw new HttpError(400, `The language of ${kind} must be es or en.`, { body: { code: 'lang', kind } });
  if (!Array.isArray(rule.recipients) || rule.recipients.some((r) => typeof r !== 'string'))
    throw new HttpError(400, `The recipients of ${kind} are a list of addresses.`, { body: { code: 'recipients', kind } });
  const recipients = [...new Set((rule.recipients as string[]).map((r) => r.trim().toLowerCase()).filter(Boolean))];
  if (recipients.length > MAX_RECIPIENTS)
    throw new HttpError(400, `At most ${MAX_RECIPIENTS} recipients per kind.`, { body: { code: 'too-many', kind } });
  const invalid = recipients.filter((r) => r.length > FIELD_LIMITS.email || !EMAIL.test(r));
  if (invalid.length)
    throw new HttpError(400, `Not valid e-mail addresses: ${invalid.join(', ')}.`, { body: { code: 'invalid', kind, addresses: invalid } });
  if (rule.partnerCopy !== undefined && typeof rule.partnerCopy !== 'boolean')
    throw new HttpError(400, `partnerCopy of ${kind} is true or false.`, { body: { code: 'partnerCopy', kind } });
  return { kind, recipients, mode: rule.mode as Rule['mode'], lang: rule.lang as Lang, partnerCopy: rule.partnerCopy === true };
}

/** PUT /api/admin/notifications {rules: [{kind, recipients, mode, lang, partnerCopy?}]} (admins): the rules given replace those kinds'. */
export const saveNotifications: AdminHandler = async ({ req, db, operator }) => {
  requireAdmin(operator);
  const body = await readObject(req);
  if (!Array.isArray(body.rules) || body.rules.length > KINDS.length)
    throw new HttpError(400, `Send {rules: […]}, at most one per kind.`, { body: { code: 'rules' } });
  const rules = body.rules.map(checkRule);
  if (new Set(rules.map((rule) => rule.kind)).size !== rules.length)
    throw new HttpError(400, 'One rule per kind.', { body: { code: 'rules' } });
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
