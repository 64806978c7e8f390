-- Test orders (issue 42; docs/operators/payments.md): the embedded test checkout (no Stripe keys)
-- lets anyone "pay", and Stripe in test mode takes no money. `test` marks those orders: the
-- dashboard leaves them out of revenue unless asked. A test order's confirmation e-mail past
-- TEST_ORDER_MAILS_PER_ADDRESS to one address in the hour is `held`: stored, never sent.
alter table "order" add column test boolean not null default false;
update "order" set test = true where provider = 'test';
alter table "order" drop constraint order_mail_status_check;
alter table "order" add constraint order_mail_status_check check (mail_status in ('none', 'queued', 'sent', 'held'));
