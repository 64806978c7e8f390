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

create function partner_account_from_partner() returns trigger language plpgsql as $$
begin
  if new.spam_reason is null then
    insert into partner_account (id, created_at) values (new.id, new.created_at) on conflict (id) do nothing;
  end if;
  return null;
end $$;
create trigger partner_account_pending after insert on partner for each row execute function partner_account_from_partner();

-- A registration taken for spam that an operator rescues (its status leaves `spam`) becomes pending then.
create function partner_account_from_rescue() returns trigger language plpgsql as $$
begin
  insert into partner_account (id, created_at) values (new.id, new.created_at) on conflict (id) do nothing;
  return null;
end $$;
create trigger partner_account_rescued after update of status on lead for each row
  when (new.kind = 'partner' and old.status = 'spam' and new.status <> 'spam')
  execute function partner_account_from_rescue();

-- Registrations stored before this migration.
insert into partner_account (id, created_at) select id, created_at from partner where spam_reason is null on conflict (id) do nothing;

-- The partner's changes appear on the registration's timeline.
alter table lead_event drop constraint lead_event_type_check;
alter table lead_event add constraint lead_event_type_check
  check (type in ('status', 'assignee', 'note', 'resend', 'partner.approved', 'partner.origins', 'partner.suspended', 'partner.reinstated'));
