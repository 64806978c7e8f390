-- Hardening (issue 12).
-- `lang`: the language the visitor used (the widget's Accept-Language), so answers, mails and the
-- console can follow it. `spam_reason`: submissions taken for a bot's are stored with the reason
-- instead of being dropped, so a spam answer is the same as a real one (replays, reused keys) and
-- an operator can rescue a person the time trap caught; nothing is mailed for them.
alter table wait_list add column lang text not null default 'es';
alter table wait_list add column spam_reason text;
alter table partner add column lang text not null default 'es';
alter table partner add column spam_reason text;
alter table contact add column lang text not null default 'es';
alter table contact add column spam_reason text;
alter table report add column lang text not null default 'es';
alter table report add column spam_reason text;

-- A report names the image this API generated (several reports may share one), and its mail
-- state: `queued` (the outbox sends it), `sent`, or `held` (over the per-address or hourly cap:
-- stored, not mailed, so the report e-mail cannot be used to mail strangers).
alter table report add column image_id text;
alter table report add column mail_status text not null default 'queued' check (mail_status in ('queued', 'sent', 'held'));
update report set mail_status = 'sent' where mailed_at is not null;
update report set image_id = substring(image_url from '/api/images/([A-Za-z0-9_-]{43})\.');
create index report_recipient on report (lower(correo), created_at);

-- The rate limit's counters when several API processes share one PostgreSQL (fixed windows).
create table rate_limit (
  key text primary key,
  window_end timestamptz not null,
  hits integer not null
);

-- Values the API makes once and every process shares (the form-token secret).
create table setting (
  name text primary key,
  value text not null
);
