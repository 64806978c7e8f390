-- When the webhook worker disables an endpoint that kept failing (040), every admin is told by
-- e-mail too (issue 15), through the same outbox as the other notices: one row per admin, queued in
-- the transaction that disables it, so it is sent once however many API processes there are.
alter table notification_mail add column endpoint_id uuid references webhook_endpoint (id) on delete cascade;
alter table notification_mail drop constraint notification_mail_check;
alter table notification_mail add constraint notification_mail_subject
  check (num_nonnulls(lead_id, digest_day, endpoint_id) = 1);

-- The trigger: webhook_disabled_notify (packages/server/sql/triggers.sql).
