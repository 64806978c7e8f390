-- Webhooks (issue 15): endpoints the admins add, the events that happened, and one delivery per
-- event and endpoint, which is the outbox the worker (webhooks/worker.ts) claims and retries.
-- Events are written in the transaction of the change that causes them: by triggers for
-- lead.created and report.mailed (packages/server/sql/triggers.sql), by emitEvent
-- (webhooks/events.ts) from the code for the others.
create table webhook_endpoint (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  url text not null,
  events text[] not null,
  format text not null default 'standard' check (format in ('standard', 'spreadsheet')),
  -- whsec_ + base64 of 24 random bytes, made by the server; it signs every request.
  secret text not null,
  enabled boolean not null default true,
  -- 'failing' when the worker turned it off (admins see it on the console), null otherwise.
  disabled_reason text,
  disabled_at timestamptz,
  -- The first failure since the last success: the endpoint is disabled once this is old enough.
  failing_since timestamptz
);

create table webhook_event (
  -- msg_…: the webhook-id header, the same on every retry so receivers can drop duplicates.
  id text primary key,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);

create table webhook_delivery (
  id uuid primary key default gen_random_uuid(),
  event_id text not null references webhook_event (id) on delete cascade,
  endpoint_id uuid not null references webhook_endpoint (id) on delete cascade,
  created_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  last_status integer,
  -- At most 500 characters of the answer, or why there was none (timeout, refused address …).
  answer text,
  unique (event_id, endpoint_id)
);
create index webhook_delivery_due on webhook_delivery (next_at) where status = 'pending';
create index webhook_delivery_log on webhook_delivery (endpoint_id, created_at desc, id desc);

-- A lead that is forgotten (the console's deletion, the retention purge) takes its events along:
-- they hold what the visitor typed. Deliveries not yet sent go with them.
create index webhook_event_subject on webhook_event ((data ->> 'id'));
