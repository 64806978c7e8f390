-- People (issue 40): a person groups the leads of one human being, so the console shows their
-- other leads and their whole history (docs/operators/console.md#people).
--
-- The join is automatic only on the e-mail address, case aside: a new lead with the address of an
-- earlier lead belongs to that lead's person (the trigger lead_person, packages/server/sql/triggers.sql, in the insert's own transaction,
-- one indexed look-up). A phone is not proof (a shared office line, a family number): two persons
-- whose leads share a phone number are a suggested duplicate, which an operator merges or not.
-- The phone is compared in international form (`phone_key`, digits only, written by the API with
-- its phone check: packages/server/src/people.ts), so "321 1863000" typed in Colombia and
-- "+57 321 1863000" are the same number.
create table person (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now()
);

alter table lead add column person_id uuid references person (id), add column phone_key text;

-- Every lead stored before: one person per address (case aside); a lead without an address alone.
with groups as (
  select key, gen_random_uuid() as id, min(created_at) as created_at
  from (select case when email = '' then id::text else lower(email) end as key, created_at from lead) l
  group by key
), people as (
  insert into person (id, created_at) select id, created_at from groups
)
update lead l set person_id = g.id from groups g where g.key = case when l.email = '' then l.id::text else lower(l.email) end;

alter table lead alter column person_id set not null;
-- A person's leads, newest first; a new lead's address; leads sharing a phone; the leads whose phone
-- the API has not read yet (null: not read; '': none or not a valid number).
create index lead_person on lead (person_id, created_at desc);
create index lead_email_key on lead (lower(email)) where email <> '';
create index lead_phone_key on lead (phone_key) where phone_key <> '';
create index lead_phone_unread on lead (created_at) where phone_key is null;

-- Two persons whose leads share a phone number (the smaller id first): suggested until merged, or
-- until an operator says they are different people (`dismissed_at`).
create table person_suggestion (
  person_a uuid not null references person (id) on delete cascade,
  person_b uuid not null references person (id) on delete cascade,
  phone_key text not null,
  created_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by text,
  primary key (person_a, person_b),
  check (person_a < person_b)
);
create index person_suggestion_open on person_suggestion (created_at desc, person_a desc, person_b desc) where dismissed_at is null;
create index person_suggestion_b on person_suggestion (person_b);

-- A merge: the leads of `merged_id` moved to `person_id`, by whom, when and why; undone by moving
-- exactly those leads back (`undone_at`).
create table person_merge (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default now(),
  actor uuid references admin_user (id) on delete set null,
  actor_email text,
  person_id uuid not null references person (id),
  merged_id uuid not null references person (id),
  lead_ids uuid[] not null,
  reason text not null default '',
  undone_at timestamptz,
  undone_by text
);
create index person_merge_person on person_merge (person_id, at desc);
create index person_merge_merged on person_merge (merged_id, at desc);
