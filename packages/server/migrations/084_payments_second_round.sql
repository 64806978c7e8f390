-- Payments, second round (issue 30; docs/operators/payments.md).
-- Stripe's sessions are kept too, as the test checkout's are: an event about a session this site
-- did not create (another sale on the same Stripe account) is not an Obra order, and what Stripe
-- reports paid is compared with what the session was created for.
alter table checkout_session add column provider text not null default 'test' check (provider in ('stripe', 'test'));

-- What the session was created for, when the event reports another amount or currency (null when
-- they agree): the order keeps the money that moved, the console shows both.
alter table "order" add column expected_amount integer, add column expected_currency text;

-- The buyer's confirmation e-mail, sent by the outbox once the order is paid and has an address.
alter table "order" add column mail_status text not null default 'none' check (mail_status in ('none', 'queued', 'sent')),
  add column mail_attempts integer not null default 0,
  add column mail_next_at timestamptz not null default now(),
  add column mailed_at timestamptz,
  add column mail_error text;
create index order_mail_due on "order" (mail_next_at) where mail_status = 'queued';
