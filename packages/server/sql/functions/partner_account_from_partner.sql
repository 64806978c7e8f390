-- A partner registration that is not spam becomes a pending partner account in the same
-- transaction; its id is the registration's, so forgetting the lead forgets the partner too.
create or replace function partner_account_from_partner() returns trigger language plpgsql as $$
begin
  if new.spam_reason is null then
    insert into partner_account (id, created_at) values (new.id, new.created_at) on conflict (id) do nothing;
  end if;
  return null;
end $$;
