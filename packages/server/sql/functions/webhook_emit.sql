-- One event, and a delivery to every enabled endpoint that listens for its type (the outbox the
-- webhook worker claims). `to_endpoint` narrows it to one endpoint (the console's test event).
-- Returns the event id, or null when nobody listens.
create or replace function webhook_emit(event_type text, payload jsonb, to_endpoint uuid default null) returns text language plpgsql as $$
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
