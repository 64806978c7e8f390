-- lead.created for every lead that is not spam, in the transaction that stored it.
create or replace function webhook_lead_created() returns trigger language plpgsql as $$
begin
  -- Looked up first so that a lead costs one index probe when no endpoint listens.
  if new.status <> 'spam' and exists (select 1 from webhook_endpoint where enabled and 'lead.created' = any(events)) then
    perform webhook_emit('lead.created', webhook_lead_data(new.id));
  end if;
  return null;
end $$;
