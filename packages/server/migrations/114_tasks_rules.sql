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

create function lead_next_task() returns trigger language plpgsql as $$
declare
  target uuid;
  next_at timestamptz;
  next_note text;
begin
  if tg_op = 'DELETE' then target := old.lead_id; else target := new.lead_id; end if;
  select due_at, note into next_at, next_note from lead_task where lead_id = target and done_at is null order by due_at, id limit 1;
  update lead set follow_up_at = next_at, follow_up_note = next_note
  where id = target and (follow_up_at, follow_up_note) is distinct from (next_at, next_note);
  return null;
end $$;
create trigger lead_next_task after insert or delete or update of due_at, note, done_at on lead_task
  for each row execute function lead_next_task();

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

-- A new lead that is not spam and has nobody: the first matching rule's operator. Its country is
-- the one its form asked for (partners and design reports; the other kinds match no country rule).
create function lead_assign_by_rule() returns trigger language plpgsql as $$
declare
  rule record;
  country text;
  members uuid[];
  given bigint;
  chosen uuid;
begin
  if new.status = 'spam' or new.assignee is not null or not exists (select 1 from assignment_rule) then
    return null;
  end if;
  if new.kind = 'partner' then select lower(trim(pais)) into country from partner where id = new.id;
  elsif new.kind = 'report' then select lower(trim(pais)) into country from report where id = new.id;
  end if;
  for rule in select * from assignment_rule order by position, id loop
    -- A criterion on a value the lead lacks (null) does not match.
    continue when not coalesce(
      (cardinality(rule.kinds) = 0 or new.kind = any (rule.kinds))
      and (cardinality(rule.countries) = 0 or country = any (rule.countries))
      and (cardinality(rule.langs) = 0 or new.lang = any (rule.langs))
      and (cardinality(rule.partners) = 0 or lower(new.partner_code) = any (rule.partners))
      and (cardinality(rule.sources) = 0 or lower(new.source) = any (rule.sources)), false);
    -- Its operators who still exist, in the rule's order; none left: the next rule.
    select array_agg(u.id order by array_position(rule.operators, u.id)) into members from admin_user u where u.id = any (rule.operators);
    continue when members is null;
    update assignment_rule set turn = turn + 1 where id = rule.id returning turn - 1 into given;
    chosen := members[1 + given % cardinality(members)];
    update lead set assignee = chosen where id = new.id;
    insert into lead_event (lead_id, type, detail)
    select new.id, 'rule-assign', email || E'\n' || rule.name from admin_user where id = chosen;
    insert into lead_assignment (lead_id, user_id) values (new.id, chosen);
    return null;
  end loop;
  return null;
end $$;
create trigger lead_assign_by_rule after insert on lead for each row execute function lead_assign_by_rule();

-- The timeline shows tasks created and done, and the rule's assignments (read from the constraint
-- as it stands, as migration 100 does, so types other migrations add stay allowed).
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint where conname = 'lead_event_type_check';
  alter table lead_event drop constraint lead_event_type_check;
  execute format('alter table lead_event add constraint lead_event_type_check %s',
    replace(definition, 'ARRAY[', 'ARRAY[''task''::text, ''task-done''::text, ''rule-assign''::text, '));
end $$;
