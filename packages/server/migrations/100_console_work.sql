-- A console the sales team lives in (issue 29): follow-ups on a lead, work queues (mine, nobody's,
-- due), sorting, each operator's language, time zone and morning e-mail, the company's time zone,
-- and saved views.

-- A follow-up: when to come back to the lead and what to do then. It is the assignee's to do.
alter table lead add column follow_up_at timestamptz, add column follow_up_note text;

-- One index per sort key (admin/lead-sort.ts keeps its columns in this order; the workflow's order
-- is lead_status_rank, packages/server/sql/functions), alone and within
-- an operator's leads (the queue a salesperson sorts), each ending in (created_at, id) so the
-- keyset cursor walks it without sorting. The follow-up's indexes also answer the due queues and
-- the navigation badge: a lead without one sorts last, as if due at infinity.
create index lead_assignee_newest on lead (assignee, created_at desc, id desc);
create index lead_by_status on lead (lead_status_rank(status), created_at, id);
create index lead_assignee_by_status on lead (assignee, lead_status_rank(status), created_at, id);
create index lead_by_follow_up on lead ((coalesce(follow_up_at, 'infinity'::timestamptz)), created_at, id);
create index lead_assignee_by_follow_up on lead (assignee, (coalesce(follow_up_at, 'infinity'::timestamptz)), created_at, id);

-- Each operator's language (the console, their e-mails), time zone (null: the company's) and the
-- local hour of their morning e-mail of due follow-ups (null: none).
alter table admin_user
  add column lang text check (lang in ('es', 'en')),
  add column time_zone text,
  add column morning_hour smallint default 8 check (morning_hour between 0 and 23);

-- The company's settings: one row. Its time zone is every operator's until they choose their own,
-- and the dashboard's weeks start on its Mondays.
create table console_setting (
  only_row boolean primary key default true check (only_row),
  time_zone text not null default 'America/Bogota',
  updated_at timestamptz not null default now(),
  updated_by text
);
insert into console_setting default values;

-- A saved view: a name and the inbox's query string (filter and sort), per operator.
create table saved_view (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references admin_user (id) on delete cascade,
  name text not null,
  query text not null,
  created_at timestamptz not null default now()
);
create unique index saved_view_name on saved_view (user_id, lower(name));

-- The morning e-mail of what is due, sent by the outbox (admin/morning-mail.ts): one per operator
-- and local day at most (unique), queued only when something is due.
create table follow_up_mail (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  user_id uuid not null references admin_user (id) on delete cascade,
  day date not null,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create unique index follow_up_mail_day on follow_up_mail (user_id, day);
create index follow_up_mail_due on follow_up_mail (next_at) where sent_at is null;
