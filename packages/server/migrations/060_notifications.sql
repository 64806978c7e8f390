-- New-lead e-mails to the team (issue 15): who hears of which kind of lead and how (a mail per
-- lead, or one daily digest), and the mails themselves, sent by the outbox (mail/outbox.ts) like
-- the reports: stored in the transaction that stores the lead, then sent exactly once, retried.
create table notification_rule (
  kind text primary key check (kind in ('wait-list', 'partner', 'contact', 'report')),
  recipients text[] not null default '{}',
  mode text not null default 'each' check (mode in ('each', 'digest')),
  lang text not null default 'es' check (lang in ('es', 'en')),
  updated_at timestamptz not null default now(),
  updated_by text
);

create table notification_mail (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  recipient text not null,
  lang text not null,
  -- One lead's mail (gone with the lead when it is deleted on request) …
  lead_id uuid references lead (id) on delete cascade,
  -- … or a digest: the leads of these kinds created in [since, until).
  digest_day date,
  kinds text[],
  since timestamptz,
  until timestamptz,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  sent_at timestamptz,
  error text,
  check ((lead_id is null) <> (digest_day is null))
);
create unique index notification_mail_lead on notification_mail (lead_id, recipient) where lead_id is not null;
create unique index notification_mail_digest on notification_mail (digest_day, recipient) where digest_day is not null;
create index notification_mail_due on notification_mail (next_at) where sent_at is null;

-- A lead that is not spam queues its notices: the trigger lead_notify (packages/server/sql/triggers.sql).
