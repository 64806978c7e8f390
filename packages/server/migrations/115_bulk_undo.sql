-- A bulk change's undo (issue 40): what each lead's status or assignee was before an operator's bulk
-- change, so that operator can put every one back from the inbox. Kept until undone or replaced by
-- their next bulk change; a lead deleted since takes its row with it.
create table bulk_change (
  id uuid primary key default gen_random_uuid(),
  actor uuid not null references admin_user (id) on delete cascade,
  field text not null check (field in ('status', 'assignee')),
  -- What the change set (a status, or an operator's id; null: nobody).
  value text,
  at timestamptz not null default now()
);
create index bulk_change_actor on bulk_change (actor);

create table bulk_change_lead (
  change_id uuid not null references bulk_change (id) on delete cascade,
  lead_id uuid not null references lead (id) on delete cascade,
  previous text,
  primary key (change_id, lead_id)
);
create index bulk_change_lead_lead on bulk_change_lead (lead_id);
