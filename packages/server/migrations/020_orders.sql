-- Card purchases (issue 19). `order` holds each paid Checkout Session once: the provider's event id
-- and the session id are both unique, so a replayed webhook, or Stripe retrying one, stores nothing
-- new. `checkout_session` is the embedded test checkout's own sessions (no Stripe keys): what
-- Stripe keeps on its side for real sessions, this keeps for the local test flow.
create table "order" (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  provider text not null check (provider in ('stripe', 'test')),
  event_id text not null unique,
  session_id text not null unique,
  slug text not null,
  product text not null,
  amount integer not null check (amount >= 0),
  currency text not null,
  lang text not null,
  payment_status text not null,
  customer_email text
);

create index order_created_at on "order" (created_at);

create table checkout_session (
  id text primary key,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  slug text not null,
  lang text not null,
  amount integer not null,
  currency text not null,
  status text not null default 'open' check (status in ('open', 'paid')),
  paid_at timestamptz
);
