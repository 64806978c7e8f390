-- Webhook payloads, version 2 (issue 30; docs/operators/webhooks.md, JSON Schemas in docs/webhooks/v2/):
-- one timestamp format made here, not by the database's JSON of a timestamptz (PGlite dropped
-- trailing zeros, PostgreSQL wrote microseconds, both in the session's TimeZone); one key style
-- (camelCase, as the forms submit their fields); values typed as submitted (`otros` a list).
-- Each event keeps the version its data was made in: events stored before this are version 1.
alter table webhook_event add column version integer not null default 2;
update webhook_event set version = 1;

-- The one timestamp format: ISO 8601 in UTC with milliseconds, `2026-11-27T06:10:47.123Z`.
create function webhook_time(at timestamptz) returns text language sql immutable as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

create or replace function webhook_lead_data(lead_id uuid) returns jsonb language plpgsql stable as $$
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
      'estadoProyecto', estado_proyecto, 'etapaProyecto', etapa_proyecto, 'ancho', ancho, 'longitud', longitud, 'anchoEdificacion', ancho_edificacion,
      'largoEdificacion', largo_edificacion, 'altoEdificacion', alto_edificacion, 'uso', uso, 'usoEspecifico', uso_especifico,
      'sistemaConstructivo', sistema_constructivo, 'diseno', diseno, 'tipoFachada', tipo_fachada, 'materialCubierta', material_cubierta,
      'materialFachada', material_fachada, 'zona', zona,
      'otros', case when otros = '' then '[]'::jsonb else to_jsonb(string_to_array(otros, ',')) end,
      'imageUrl', image_url) from report where id = lead_id)
  end;
  return jsonb_build_object('id', l.id, 'kind', l.kind, 'status', l.status, 'lang', l.lang, 'createdAt', webhook_time(l.created_at),
    'fields', coalesce(fields, '{}'::jsonb));
end $$;

create or replace function webhook_report_mailed() returns trigger language plpgsql as $$
begin
  perform webhook_emit('report.mailed', jsonb_build_object('id', new.id, 'kind', 'report', 'mailedAt', webhook_time(new.mailed_at), 'attempts', new.mail_attempts));
  return null;
end $$;
