-- Generated images, stored under the hash of what they were drawn from (the same spec is the same
-- picture), and the design-form reports with their e-mail outbox state: a report is stored first,
-- then mailed in the background; `mail_next_at` is both the retry time and the lease of the
-- process sending it, so several API processes never send one report twice at the same time.
create table image (
  id text primary key,
  created_at timestamptz not null default now(),
  content_type text not null,
  body bytea not null,
  prompt text not null
);

create table report (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  nombre text not null,
  correo text not null,
  telefono text not null,
  pais text not null,
  departamento text not null,
  ciudad text not null,
  estado_proyecto text not null,
  etapa_proyecto text not null,
  ancho text not null,
  longitud text not null,
  ancho_edificacion text not null,
  largo_edificacion text not null,
  alto_edificacion text not null,
  uso text not null,
  uso_especifico text not null,
  sistema_constructivo text not null,
  diseno text not null,
  tipo_fachada text not null,
  material_cubierta text not null,
  material_fachada text not null,
  zona text not null,
  otros text not null,
  image_url text not null,
  prompt text not null,
  mail_attempts integer not null default 0,
  mail_next_at timestamptz not null default now(),
  mail_error text,
  mailed_at timestamptz,
  idempotency_key text unique,
  request_hash text not null
);

create index report_created_at on report (created_at);
create index report_unsent on report (mail_next_at) where mailed_at is null;
