-- A lead that is forgotten (the console's deletion, the retention purge) takes its events along:
-- they hold what the visitor typed. Deliveries not yet sent go with them.
create or replace function webhook_forget_lead() returns trigger language plpgsql as $$
begin
  delete from webhook_event where data ->> 'id' = old.id::text;
  return null;
end $$;
