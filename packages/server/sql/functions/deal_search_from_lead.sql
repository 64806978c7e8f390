-- A deal's search text is its lead's (deal.search, migration 116): the deals board's text filter
-- reads it through its own trigram index instead of joining every lead. A lead's name, e-mail,
-- phone and comment never change once stored, so a copy made when the deal is written stays true.
create or replace function deal_search_from_lead() returns trigger language plpgsql as $$
begin
  new.search := coalesce((select search from lead where id = new.lead_id), '');
  return new;
end $$;
