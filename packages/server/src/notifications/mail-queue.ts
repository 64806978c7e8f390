// New-lead e-mails to the team (and the admins' notice of a webhook disabled after failing, and an
// approved partner's welcome) as a queue of the mail outbox (mail/mail-outbox.ts): one mail per
// lead and recipient (queued by the `lead_notify` trigger in the lead's own transaction) or one
// daily digest per recipient (queued here at DIGEST_HOUR, once a day whatever the number of API
// processes: the (day, recipient) pair is unique). Words from the console's catalogue, in the rule's language;
// times in the recipient's time zone when an operator reads that address, else the company's.
import { langOr, languageName, LANGS, type Lang } from '@obra/schema';
import type { Db } from '../db/index.ts';
import { claimDue } from '../jobs.ts';
import type { MailQueue } from '../mail/mail-outbox.ts';
import { CONSOLE_LOCALES } from '@obra/schema/console';
import { readableSummaries } from '../admin/summary.ts';
import type { LeadEstimate } from '@obra/schema/admin-contract';
import { money } from '@obra/estimate';
import { leadPhone } from '../lead-phone.ts';
import { partnerWelcome } from './partner-welcome.ts';
import { textOr, textsIn, type ServerT } from '../texts.ts';

/** The most leads one digest lists; the rest are in the console. */
const DIGEST_LIMIT = 200;

/** A notice as the outbox claims it. @table notification_mail */
interface Row {
  id: string;
  recipient: string;
  lang: Lang;
  lead_id: string | null;
  to_partner: boolean;
  endpoint_id: string | null;
  partner_id: string | null;
  kinds: string[] | null;
  since: Date | null;
  until: Date | null;
  attempts: number;
}
interface LeadLine {
  id: string;
  kind: string;
  created_at: Date;
  lang: string;
  name: string;
  email: string;
  phone: string;
  summary: string;
  estimate: LeadEstimate | null;
}
/** The words of one language: its `t` and its language (for labels of codes). */
interface Words {
  t: ServerT;
  lang: Lang;
}
const kindName = ({ lang }: Words, kind: string) => textOr(lang, `console.kind.${kind}`, kind);

/** A time as the recipient reads it: their language's format, their zone named. */
const stamp = (at: Date, lang: Lang, timeZone: string) =>
  `${new Intl.DateTimeFormat(CONSOLE_LOCALES[lang], { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at)} (${timeZone})`;
/** Who reads a mail: its language and time zone. */
interface Reader {
  lang: Lang;
  timeZone: string;
}

/** The queue of notification mails; links point at `consoleOrigin()`/admin, asked for each mail. */
export function notificationMails(
  db: Db,
  { retryMs, digestHour, consoleOrigin }: { retryMs: number; digestHour: number; consoleOrigin: () => Promise<string> },
): MailQueue<Row> {
  /** The recipient's language and time zone: an operator's own zone when one reads this address, else the company's. */
  const readerOf = async (row: Row): Promise<Reader> => {
    const [found] = await db.query<{ tz: string }>(
      `select coalesce((select time_zone from admin_user where lower(email) = lower($1) and time_zone is not null limit 1),
         (select time_zone from console_setting)) as tz`,
      [row.recipient],
    );
    return { lang: langOr(row.lang), timeZone: found?.tz ?? 'UTC' };
  };
  /** A design report's estimate in its currency, in the mail's language: the expected amount, then the range. */
  const estimateLine = ({ estimate: e }: LeadLine, w: Words) => {
    if (!e) return [];
    const amount = (value: number) => money(value, e.currency, w.lang, e.country);
    return [`${w.t('console.lead.estimate.title')}: ${amount(e.expected)} (${amount(e.low)} – ${amount(e.high)})`];
  };
  const lines = (lead: LeadLine, w: Words, reader: Reader, summary: string) => [
    `${w.t('console.field.nombre')}: ${lead.name}`,
    `${w.t('console.field.correo')}: ${lead.email}`,
    ...(lead.phone ? [`${w.t('console.field.telefono')}: ${leadPhone(lead.phone, lead.estimate?.country) ?? lead.phone}`] : []),
    ...estimateLine(lead, w),
    `${w.t('console.inbox.lang')}: ${textOr(w.lang, `console.langName.${lead.lang}`, languageName(lead.lang))}`,
    `${w.t('console.mail.when')}: ${stamp(lead.created_at, reader.lang, reader.timeZone)}`,
    `${w.t('console.inbox.summary')}: ${summary}`,
  ];

  async function leadMail(row: Row, w: Words, origin: string) {
    const [lead] = await db.query<LeadLine>(
      'select id, kind, created_at, lang, name, email, phone, summary, estimate from lead where id = $1',
      [row.lead_id],
    );
    // Deleted on request since it was queued: nothing to tell.
    if (!lead) return null;
    const reader = await readerOf(row);
    const summary = (await readableSummaries(db, [lead.id])).get(lead.id)?.[reader.lang] ?? lead.summary;
    const kind = kindName(w, lead.kind);
    // The partner's copy: the lead its own site brought, without the console (partners do not sign in to it).
    const text = row.to_partner
      ? [
          w.t('console.mail.partnerIntro'),
          '',
          `${w.t('console.inbox.kind')}: ${kind}`,
          ...lines(lead, w, reader, summary),
          '',
          w.t('console.mail.partnerFooter'),
        ].join('\n')
      : [
          w.t('console.mail.intro'),
          '',
          `${w.t('console.inbox.kind')}: ${kind}`,
          ...lines(lead, w, reader, summary),
          '',
          w.t('console.mail.open'),
          `${origin}/admin/leads/${lead.id}`,
          '',
          w.t('console.mail.footer'),
        ].join('\n');
    return { to: row.recipient, subject: w.t('console.mail.subject', { kind, name: lead.name }), text };
  }

  async function digestMail(row: Row, w: Words, origin: string) {
    // The page and the whole window's count in one statement.
    const leads = await db.query<LeadLine & { total: number }>(
      `select id, kind, created_at, lang, name, email, phone, summary, estimate, (count(*) over ())::int as total from lead
       where kind = any($1) and status <> 'spam' and created_at >= $2 and created_at < $3 order by created_at desc, id desc limit $4`,
      [row.kinds, row.since, row.until, DIGEST_LIMIT],
    );
    if (!leads.length) return null;
    const n = leads[0]!.total;
    const reader = await readerOf(row);
    const summaries = await readableSummaries(
      db,
      leads.map((lead) => lead.id),
    );
    const listed = leads.map((lead) =>
      [
        `${kindName(w, lead.kind)} — ${lead.name}`,
        ...lines(lead, w, reader, summaries.get(lead.id)?.[reader.lang] ?? lead.summary)
          .slice(1)
          .map((line) => `  ${line}`),
        `  ${origin}/admin/leads/${lead.id}`,
      ].join('\n'),
    );
    const text = [
      w.t('console.mail.digestIntro', {
        since: stamp(row.since!, reader.lang, reader.timeZone),
        until: stamp(row.until!, reader.lang, reader.timeZone),
      }),
      '',
      listed.join('\n\n'),
      ...(n > DIGEST_LIMIT ? ['', w.t('console.mail.more', { count: n - DIGEST_LIMIT })] : []),
      '',
      w.t('console.mail.openAll'),
      `${origin}/admin/leads?from=${row.since!.toISOString().slice(0, 10)}`,
      '',
      w.t('console.mail.footer'),
    ].join('\n');
    return { to: row.recipient, subject: w.t('console.mail.digestSubject', { count: n }), text };
  }

  // An admin's notice that the webhook worker disabled an endpoint: in every language of the list
  // (admins have no language of their own here), each with the link to the console's webhooks screen.
  async function endpointMail(row: Row, origin: string) {
    const [endpoint] = await db.query<{ url: string; disabled_at: Date | null }>(
      'select url, disabled_at from webhook_endpoint where id = $1',
      [row.endpoint_id],
    );
    if (!endpoint) return null;
    const { timeZone } = await readerOf(row);
    const part = (lang: Lang) =>
      textsIn(lang)('console.mail.webhookBody', { url: endpoint.url, when: stamp(endpoint.disabled_at ?? new Date(), lang, timeZone) });
    return {
      to: row.recipient,
      subject: LANGS.map((lang) => textsIn(lang)('console.mail.webhookSubject')).join(' · '),
      text: LANGS.map((lang) => `${part(lang)}\n${origin}/admin/webhooks`).join('\n\n'),
    };
  }

  return {
    name: 'notification',
    // Today's digest, once the hour has come, for each recipient who chose one and has leads to hear of.
    prepare: async () =>
      void (await db.query(
        `with today as (select (now() at time zone 'UTC')::date as day),
              wanted as (
                select lower(address) as recipient, min(rule.lang) as lang, array_agg(distinct rule.kind) as kinds
                from notification_rule rule, unnest(rule.recipients) address where rule.mode = 'digest' group by lower(address))
         insert into notification_mail (recipient, lang, digest_day, kinds, since, until)
         select wanted.recipient, wanted.lang, today.day, wanted.kinds,
                (today.day + make_interval(hours => $1)) at time zone 'UTC' - interval '1 day', (today.day + make_interval(hours => $1)) at time zone 'UTC'
         from wanted, today
         where now() >= (today.day + make_interval(hours => $1)) at time zone 'UTC'
           -- Nothing new in the window: no mail (the window is past, so this is final).
           and exists (select 1 from lead where lead.kind = any(wanted.kinds) and lead.status <> 'spam'
                       and lead.created_at >= (today.day + make_interval(hours => $1)) at time zone 'UTC' - interval '1 day'
                       and lead.created_at < (today.day + make_interval(hours => $1)) at time zone 'UTC')
         on conflict do nothing`,
        [digestHour],
      )),
    claim: () =>
      claimDue<Row>(db, {
        table: 'notification_mail',
        pending: 'sent_at is null',
        attempts: 'attempts',
        nextAt: 'next_at',
        order: 'id',
        returning: 'id::text, recipient, lang, lead_id, to_partner, endpoint_id, partner_id, kinds, since, until, attempts',
        lease: { backoffMs: retryMs },
      }),
    mail: async (row) => {
      const lang = langOr(row.lang);
      const w: Words = { t: textsIn(lang), lang };
      const origin = await consoleOrigin();
      if (row.endpoint_id) return endpointMail(row, origin);
      if (row.partner_id) return partnerWelcome(db, row.partner_id, origin);
      return row.lead_id ? leadMail(row, w, origin) : digestMail(row, w, origin);
    },
    sent: async (row) => void (await db.query('update notification_mail set sent_at = now(), error = null where id = $1', [row.id])),
    failed: async (row, reason) => void (await db.query('update notification_mail set error = $2 where id = $1', [row.id, reason])),
    describe: (row) => ({
      id: row.id,
      lead: row.lead_id,
      digest: !row.lead_id && !row.endpoint_id && !row.partner_id ? true : undefined,
      welcome: row.partner_id ? true : undefined,
      partner: row.to_partner || undefined,
      attempts: row.attempts,
    }),
  };
}
