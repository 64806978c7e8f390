-- A new lead that is not spam and has nobody: the first matching assignment rule's operator, or
-- its operators in turn (migration 114). Its country is the one its form asked for (partners and
-- design reports; the other kinds match no country rule). `turn` is read and raised in one UPDATE,
-- whose row lock makes two leads stored at once take consecutive turns.
create or replace function lead_assign_by_rule() returns trigger language plpgsql as $$
declare
  rule record;
  country text;
  members uuid[];
  given bigint;
  chosen uuid;
begin
  if new.status = 'spam' or new.assignee is not null or not exists (select 1 from assignment_rule) then
    return null;
  end if;
  if new.kind = 'partner' then select lower(trim(pais)) into country from partner where id = new.id;
  elsif new.kind = 'report' then select lower(trim(pais)) into country from report where id = new.id;
  end if;
  for rule in select * from assignment_rule order by position, id loop
    -- A criterion on a value the lead lacks (null) does not match.
    continue when not coalesce(
      (cardinality(rule.kinds) = 0 or new.kind = any (rule.kinds))
      and (cardinality(rule.countries) = 0 or country = any (rule.countries))
      and (cardinality(rule.langs) = 0 or new.lang = any (rule.langs))
      and (cardinality(rule.partners) = 0 or lower(new.partner_code) = any (rule.partners))
      and (cardinality(rule.sources) = 0 or lower(new.source) = any (rule.sources)), false);
    -- Its operators who still exist, in the rule's order; none left: the next rule.
    select array_agg(u.id order by array_position(rule.operators, u.id)) into members from admin_user u where u.id = any (rule.operators);
    continue when members is null;
    update assignment_rule set turn = turn + 1 where id = rule.id returning turn - 1 into given;
    chosen := members[1 + given % cardinality(members)];
    update lead set assignee = chosen where id = new.id;
    insert into lead_event (lead_id, type, detail)
    select new.id, 'rule-assign', email || E'\n' || rule.name from admin_user where id = chosen;
    insert into lead_assignment (lead_id, user_id) values (new.id, chosen);
    return null;
  end loop;
  return null;
end $$;
