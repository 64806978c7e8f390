-- The three lead types. `idempotency_key` is unique so that concurrent duplicates of one
-- submission store one row (INSERT … ON CONFLICT); `request_hash` tells a replay (same body)
-- from a reuse of the key with another body (422).
create table wait_list (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  interesado text not null,
  nombre text not null,
  correo text not null,
  telefono text not null,
  comentario text not null,
  idempotency_key text unique,
  request_hash text not null
);

create table partner (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  nombre text not null,
  telefono text not null,
  correo text not null,
  pais text not null,
  especializacion text not null,
  idempotency_key text unique,
  request_hash text not null
);

create table contact (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  message text not null,
  idempotency_key text unique,
  request_hash text not null
);

create index wait_list_created_at on wait_list (created_at);
create index partner_created_at on partner (created_at);
create index contact_created_at on contact (created_at);
