-- Webhooks (issue 15): endpoints the admins add, the events that happened, and one delivery per
-- event and endpoint, which is the outbox the worker (webhooks/worker.ts) claims and retries.
-- Events are written in the transaction of the change that causes them: by triggers here for
-- lead.created and report.mailed, by emitEvent (webhooks/events.ts) from the code for the others.
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

-- One event, and a delivery to every enabled endpoint that listens for its type. `to_endpoint` narrows
-- it to one endpoint (the console's test event). Returns the event id.
create function webhook_emit(event_type text, payload jsonb, to_endpoint uuid default null) returns text language plpgsql as $$
declare
  event_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
begin
  if to_endpoint is null and not exists (select 1 from webhook_endpoint where enabled and event_type = any(events)) then
    return null;
  end if;
  insert into webhook_event (id, type, data) values (event_id, event_type, payload);
  insert into webhook_delivery (event_id, endpoint_id)
    select event_id, id from webhook_endpoint where (to_endpoint is null and enabled and event_type = any(events)) or id = to_endpoint;
  return event_id;
end $$;

-- What a lead event carries: the lead's id, kind, status, language, when, and the visitor's fields
-- (the form's own, by name: never the idempotency key, the spam verdict or the mail state).
create function webhook_lead_data(lead_id uuid) returns jsonb language plpgsql stable as $$
declare
  l lead;
  fields jsonb;
begin
  select * into l from lead where id = lead_id;
  if not found then
    return null;
  end if;
  fields := case l.kind
    when 'wait-list' then (select jsonb_build_object('interesado', interesado, 'nombre', nombre, 'correo', correo, 'telefono', telefono, 'comentario', comentario) from wait_list where id = lead_id)
    when 'partner' then (select jsonb_build_object('nombre', nombre, 'telefono', telefono, 'correo', correo, 'pais', pais, 'especializacion', especializacion) from partner where id = lead_id)
    when 'contact' then (select jsonb_build_object('name', name, 'email', email, 'message', message) from contact where id = lead_id)
    when 'report' then (select jsonb_build_object('nombre', nombre, 'correo', correo, 'telefono', telefono, 'pais', pais, 'departamento', departamento, 'ciudad', ciudad,
      'estado_proyecto', estado_proyecto, 'etapa_proyecto', etapa_proyecto, 'ancho', ancho, 'longitud', longitud, 'ancho_edificacion', ancho_edificacion,
      'largo_edificacion', largo_edificacion, 'alto_edificacion', alto_edificacion, 'uso', uso, 'uso_especifico', uso_especifico,
      'sistema_constructivo', sistema_constructivo, 'diseno', diseno, 'tipo_fachada', tipo_fachada, 'material_cubierta', material_cubierta,
      'material_fachada', material_fachada, 'zona', zona, 'otros', otros, 'image_url', image_url) from report where id = lead_id)
  end;
  return jsonb_build_object('id', l.id, 'kind', l.kind, 'status', l.status, 'lang', l.lang, 'created', l.created_at, 'fields', coalesce(fields, '{}'::jsonb));
end $$;

-- lead.created for every lead that is not spam, in the transaction that stored it.
create function webhook_lead_created() returns trigger language plpgsql as $$
begin
  -- Looked up first so that a lead costs one index probe when no endpoint listens.
  if new.status <> 'spam' and exists (select 1 from webhook_endpoint where enabled and 'lead.created' = any(events)) then
    perform webhook_emit('lead.created', webhook_lead_data(new.id));
  end if;
  return null;
end $$;
create trigger webhook_lead_created after insert on lead for each row execute function webhook_lead_created();

-- report.mailed when the report outbox marks a mail sent (again after a resend).
create function webhook_report_mailed() returns trigger language plpgsql as $$
begin
  perform webhook_emit('report.mailed', jsonb_build_object('id', new.id, 'kind', 'report', 'mailedAt', new.mailed_at, 'attempts', new.mail_attempts));
  return null;
end $$;
create trigger webhook_report_mailed after update of mailed_at on report for each row
  when (old.mailed_at is null and new.mailed_at is not null) execute function webhook_report_mailed();

-- A lead that is forgotten (the console's deletion, the retention purge) takes its events along:
-- they hold what the visitor typed. Deliveries not yet sent go with them.
create index webhook_event_subject on webhook_event ((data ->> 'id'));
create function webhook_forget_lead() returns trigger language plpgsql as $$
begin
  delete from webhook_event where data ->> 'id' = old.id::text;
  return null;
end $$;
create trigger webhook_forget_lead after delete on lead for each row execute function webhook_forget_lead();
