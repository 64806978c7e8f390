-- Partners, end to end (issue 15). A partner registration that is not spam becomes a pending
-- partner account in the same transaction (a trigger on `partner`, like the console's `lead` row).
-- An admin approves it with a code (what the `partner` attribute of a widget carries) and the
-- origins its site embeds the widgets from: the API's CORS allow-list is CORS_ORIGINS plus the
-- origins of approved partners (http/partner-origins.ts). Suspending cuts those origins off.
-- The account's id is its registration's id, so forgetting the lead forgets the partner too.
create table partner_account (
  id uuid primary key references partner (id) on delete cascade,
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'approved', 'suspended')),
  -- Set on approval; never changed afterwards (partners' pages carry it).
  code text check (code ~ '^[A-Za-z0-9_-]{3,32}$'),
  -- Normalised origins (scheme://host[:port]); checked by the API (partners/origins.ts).
  origins text[] not null default '{}',
  approved_by text,
  approved_at timestamptz,
  suspended_by text,
  suspended_at timestamptz,
  updated_at timestamptz not null default now(),
  check (status = 'pending' or code is not null)
);
-- Codes differ by more than case: "Acme" and "acme" would be one partner to a person reading them.
create unique index partner_account_code on partner_account (lower(code)) where code is not null;
create index partner_account_status on partner_account (status, created_at desc, id desc);

-- Registrations stored before this migration.
insert into partner_account (id, created_at) select id, created_at from partner where spam_reason is null on conflict (id) do nothing;
