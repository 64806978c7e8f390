-- Report e-mails and their caps (issue 30; docs/operators/reports.md, "Report e-mail caps").
-- Every report e-mail queued is a row here: the first one of a report (the trigger
-- report_mail_queued, packages/server/sql/triggers.sql) and each resend from the console. The caps
-- count these rows, so a resend counts like any other mail:
-- REPORT_MAILS_PER_ADDRESS to one address per 24 h, REPORT_MAILS_PER_CLIENT from one client (the
-- sender's IPv4 address or IPv6 /64, kept on the report) per hour, and REPORT_MAILS_PER_HOUR sent
-- in all, which is a pace: past it reports wait for the hour to have room, one per client in turn.
alter table report add column client text;

create table report_mail (
  id bigserial primary key,
  report_id uuid not null references report (id) on delete cascade,
  address text not null,
  client text,
  resend boolean not null default false,
  queued_at timestamptz not null default now(),
  -- When the outbox first took it (what the hourly pace counts) and when it went.
  claimed_at timestamptz,
  sent_at timestamptz
);
create index report_mail_address on report_mail (address, queued_at);
create index report_mail_client on report_mail (client, queued_at) where client is not null;
create index report_mail_claimed on report_mail (claimed_at) where claimed_at is not null;
create index report_mail_report on report_mail (report_id);

-- The mails of the last day, so the caps hold across this upgrade.
insert into report_mail (report_id, address, queued_at, claimed_at, sent_at)
select id, lower(correo), created_at, coalesce(mailed_at, created_at), mailed_at from report
where mail_status <> 'held' and spam_reason is null and created_at > now() - interval '1 day';
