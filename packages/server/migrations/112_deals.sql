-- Deals and their board (issue 40): a lead may open deals (several, e.g. one per building), each
-- in a stage of one pipeline, with an amount in a currency, an expected close date and an owner.
-- docs/operators/console.md#deals says what operators see; admin/deals-routes.ts what is checked.

-- The pipeline: open stages in the admin's order, then won and lost (one of each, never removed).
-- `probability` (0–100) weighs an open deal's amount in the dashboard's forecast.
create table deal_stage (
  id uuid primary key default gen_random_uuid(),
  position smallint not null,
  outcome text not null default 'open' check (outcome in ('open', 'won', 'lost')),
  name_es text not null,
  name_en text not null,
  probability smallint not null default 0 check (probability between 0 and 100)
);
create unique index deal_stage_outcome on deal_stage (outcome) where outcome <> 'open';
insert into deal_stage (position, outcome, name_es, name_en, probability) values
  (1, 'open', 'Nuevo', 'New', 10),
  (2, 'open', 'Primer contacto', 'Contacted', 20),
  (3, 'open', 'Visita de obra', 'Site visit', 40),
  (4, 'open', 'Cotización enviada', 'Quote sent', 60),
  (5, 'open', 'Negociación', 'Negotiation', 80),
  (6, 'won', 'Ganado', 'Won', 100),
  (7, 'lost', 'Perdido', 'Lost', 0);

-- A deal. `kind`, `partner_code` and `country` (the estimate's ISO code) are copied from its lead
-- when it opens (they never change there) so the board filters without reading `lead`;
-- `stage_at` is when it entered its stage (the board lists the latest first); `version` grows with
-- each change, and a change made from an older version is refused (409).
create table deal (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references lead (id) on delete cascade,
  stage_id uuid not null references deal_stage (id),
  title text not null default '',
  amount numeric(16, 2) not null check (amount >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  close_date date not null,
  owner uuid references admin_user (id) on delete set null,
  lost_reason text,
  lost_note text not null default '',
  kind text not null,
  partner_code text,
  country text,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  stage_at timestamptz not null default now()
);
create index deal_lead on deal (lead_id, created_at);
create index deal_by_stage on deal (stage_id, stage_at desc, id desc);
create index deal_owner_by_stage on deal (owner, stage_id, stage_at desc, id desc);

-- Count and amount per stage, currency and month of the close date, kept by a trigger: the
-- board's column totals, the won revenue and the forecast read a few hundred rows at any volume.
create table deal_tally (
  stage_id uuid not null references deal_stage (id) on delete cascade,
  currency text not null,
  month date not null,
  n bigint not null default 0,
  amount numeric not null default 0,
  primary key (stage_id, currency, month)
);
