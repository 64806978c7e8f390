-- Whether a new lead has had its lead.created moment: not when it is stored as spam (migration 109);
-- webhook_lead_rescued announces it when an operator takes it back.
create or replace function lead_announced() returns trigger language plpgsql as $$
begin
  new.announced := new.status <> 'spam';
  return new;
end $$;
