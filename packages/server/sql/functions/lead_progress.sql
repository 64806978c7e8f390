-- How far a lead got (`reached` never goes back) and when it first left `new` (not for spam), as
-- its status changes.
create or replace function lead_progress() returns trigger language plpgsql as $$
begin
  new.reached := greatest(old.reached, lead_step(new.status));
  if new.first_contact_at is null and new.status not in ('new', 'spam') then
    new.first_contact_at := now();
  end if;
  return new;
end $$;
