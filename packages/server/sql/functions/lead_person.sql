-- A new lead's person (docs/operators/console.md#people): that of an earlier lead with the same
-- e-mail address, case aside (one indexed look-up), else a new one. A phone is not proof: shared
-- phones are suggestions (packages/server/src/people.ts).
create or replace function lead_person() returns trigger language plpgsql as $$
begin
  if new.person_id is null and new.email <> '' then
    select person_id into new.person_id from lead where lower(email) = lower(new.email) and email <> '' limit 1;
  end if;
  if new.person_id is null then
    insert into person default values returning id into new.person_id;
  end if;
  return new;
end $$;
