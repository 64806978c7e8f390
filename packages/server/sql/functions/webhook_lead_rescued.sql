-- lead.created for a lead taken for spam when an operator rescues it (migration 109), before the
-- change's lead.updated; `announced` keeps a lead from being announced twice.
create or replace function webhook_lead_rescued() returns trigger language plpgsql as $$
begin
  update lead set announced = true where id = new.id;
  if exists (select 1 from webhook_endpoint where enabled and 'lead.created' = any(events)) then
    perform webhook_emit('lead.created', webhook_lead_data(new.id));
  end if;
  return null;
end $$;
