-- Refunds (issue 42): Stripe's charge.refunded names the PaymentIntent, not the Checkout Session,
-- so an order keeps its session's PaymentIntent (known once paid). A refund moves a paid order to
-- `refunded` when the whole amount is back (out of the dashboard's revenue and the orders' Paid
-- tab), and records how much went back either way (a partial refund leaves it paid, its revenue
-- less what was refunded). Orders recorded before this migration have no PaymentIntent: a refund
-- of one is acknowledged and logged, not recorded.
alter table "order" add column payment_intent text,
  add column refunded_amount integer not null default 0,
  add column refunded_at timestamptz;
create unique index order_payment_intent on "order" (payment_intent) where payment_intent is not null;
