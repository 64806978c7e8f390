-- A registration taken for spam that an operator rescues (its status leaves `spam`) becomes pending then.
create or replace function partner_account_from_rescue() returns trigger language plpgsql as $$
begin
  insert into partner_account (id, created_at) values (new.id, new.created_at) on conflict (id) do nothing;
  return null;
end $$;
