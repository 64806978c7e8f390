-- The types of a lead's timeline events (lead_event.type), the one list the table's constraint
-- checks (lead_event_type_check, migrations 010 and 119): a new type is one more element here.
-- The constraint checks a row when it is written, so a type is removed only after a migration has
-- rewritten or deleted its events (a backup's events must still load into the schema it was made with).
create or replace function lead_event_types() returns text[] language sql immutable parallel safe as $$
  select array[
    'status', 'assignee', 'note', 'resend',
    'partner.approved', 'partner.origins', 'partner.suspended', 'partner.reinstated',
    'follow-up',
    'merge', 'unmerge',
    'deal.opened', 'deal.changed', 'deal.moved', 'deal.won', 'deal.lost',
    'email', 'whatsapp', 'call', 'visit', 'meeting',
    'task', 'task-done', 'rule-assign'
  ]
$$;
