-- The operators' console (issue 14): operators, their sessions, one `lead` row per lead of the
-- four kind tables (filled by triggers, so the write path stays as it is), the timeline and the
-- audit log. Trigram search needs pg_trgm (PGlite loads it in db/pglite.ts).
create extension if not exists pg_trgm;

create table admin_user (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  email text not null,
  role text not null check (role in ('admin', 'agent')),
  -- scrypt$N$r$p$salt$hash (admin/password.ts); null until the one-time link is used.
  password_hash text,
  -- sha256 of the one-time link's token, and when it stops working.
  invite_hash text,
  invite_expires_at timestamptz,
  failed_signins integer not null default 0,
  locked_until timestamptz
);
create unique index admin_user_email on admin_user (lower(email));
create unique index admin_user_invite on admin_user (invite_hash) where invite_hash is not null;

-- Only the sha256 of a session id is stored: a copy of this table signs no one in.
create table admin_session (
  id_hash text primary key,
  user_id uuid not null references admin_user (id) on delete cascade,
  csrf text not null,
  created_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
create index admin_session_user on admin_session (user_id);

create table lead (
  id uuid primary key,
  kind text not null check (kind in ('wait-list', 'partner', 'contact', 'report')),
  created_at timestamptz not null,
  status text not null default 'new' check (status in ('new', 'contacted', 'qualified', 'won', 'lost', 'spam')),
  assignee uuid references admin_user (id) on delete set null,
  lang text not null,
  name text not null,
  email text not null,
  phone text not null,
  summary text not null,
  -- lower-cased name, e-mail, phone and comment: what the free-text filter searches.
  search text not null
);
create index lead_newest on lead (created_at desc, id desc);
create index lead_status_newest on lead (status, created_at desc, id desc);
create index lead_kind_newest on lead (kind, created_at desc, id desc);
create index lead_search on lead using gin (search gin_trgm_ops);

-- The timeline: status and assignee changes, notes, resends; `actor` is null for the system.
create table lead_event (
  id bigserial primary key,
  lead_id uuid not null references lead (id) on delete cascade,
  at timestamptz not null default now(),
  actor uuid references admin_user (id) on delete set null,
  actor_email text,
  -- The types: lead_event_types() (packages/server/sql/functions/lead_event_types.sql).
  type text not null check (type = any (lead_event_types())),
  detail text not null default ''
);
create index lead_event_lead on lead_event (lead_id, at);

-- What operators did that outlives its subject (a deletion): never a lead's personal data.
create table admin_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_email text,
  action text not null,
  detail jsonb not null default '{}'
);

-- The leads stored before the console (a new row's: the kind tables' triggers, packages/server/sql).
select lead_row('wait-list', id, created_at, spam_reason, lang, nombre, correo, telefono, interesado || ': ' || comentario) from wait_list;
select lead_row('partner', id, created_at, spam_reason, lang, nombre, correo, telefono, especializacion || ', ' || pais) from partner;
select lead_row('contact', id, created_at, spam_reason, lang, name, email, '', message) from contact;
select lead_row('report', id, created_at, spam_reason, lang, nombre, correo, telefono, concat_ws(', ', nullif(uso_especifico, ''), uso, ciudad, pais) || '. ' || otros) from report;
