-- Tasks and assignment rules (issue 40).
--
-- A lead has any number of tasks (a call, a site visit, a quote to send, a follow-up, anything
-- else), each with its time, its operator and a note, open until done. The lead's follow-up of
-- migration 100 (follow_up_at, follow_up_note) is now its NEXT open task, kept by a trigger
-- whenever its tasks change, so the due queues, the follow-up sort, their indexes and the
-- navigation badge read one lead row as before.
create table lead_task (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references lead (id) on delete cascade,
  type text not null check (type in ('call', 'site-visit', 'quote', 'follow-up', 'other')),
  due_at timestamptz not null,
  assignee uuid references admin_user (id) on delete set null,
  note text not null default '',
  created_at timestamptz not null default now(),
  created_by text,
  done_at timestamptz,
  done_by text
);
create index lead_task_of_lead on lead_task (lead_id, due_at, id);
-- "My tasks": an operator's open tasks by time, walked by keyset (due_at, id).
create index lead_task_mine on lead_task (assignee, due_at, id) where done_at is null;

-- The follow-ups set before: each an open task of type follow-up, its lead's assignee's.
insert into lead_task (lead_id, type, due_at, assignee, note, created_at)
select id, 'follow-up', follow_up_at, assignee, coalesce(follow_up_note, ''), now() from lead where follow_up_at is not null;

-- Assignment rules, in order: the first whose every criterion matches a new lead (an empty list
-- matches anything) gives it to its operator, or to its operators in turn. `turn` counts the
-- leads it gave; it is read and raised in one UPDATE, whose row lock makes two leads stored at
-- once take consecutive turns. Countries, partner codes and sources are kept lower-cased.
create table assignment_rule (
  id uuid primary key default gen_random_uuid(),
  position integer not null,
  name text not null,
  kinds text[] not null default '{}',
  countries text[] not null default '{}',
  langs text[] not null default '{}',
  partners text[] not null default '{}',
  sources text[] not null default '{}',
  operators uuid[] not null,
  turn bigint not null default 0,
  updated_at timestamptz not null default now(),
  updated_by text
);

-- Each lead a rule gave: the assignee's e-mail (sent by the outbox, admin/assignment-mail.ts)
-- and the console's badge of leads given to them that they have not opened yet.
create table lead_assignment (
  id bigserial primary key,
  lead_id uuid not null references lead (id) on delete cascade,
  user_id uuid not null references admin_user (id) on delete cascade,
  created_at timestamptz not null default now(),
  seen_at timestamptz,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index lead_assignment_lead on lead_assignment (lead_id);
create index lead_assignment_unseen on lead_assignment (user_id) where seen_at is null;
create index lead_assignment_due on lead_assignment (next_at) where sent_at is null;
