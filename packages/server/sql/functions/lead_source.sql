-- A new lead's source, read from its kind row as lead_attribution reads the partner and campaign.
create or replace function lead_source() returns trigger language plpgsql as $$
declare
  utm text;
  ref text;
begin
  if new.kind = 'wait-list' then select utm_source, referrer into utm, ref from wait_list where id = new.id;
  elsif new.kind = 'partner' then select utm_source, referrer into utm, ref from partner where id = new.id;
  elsif new.kind = 'contact' then select utm_source, referrer into utm, ref from contact where id = new.id;
  elsif new.kind = 'report' then select utm_source, referrer into utm, ref from report where id = new.id;
  end if;
  new.source := coalesce(new.source, lead_source_of(utm, ref));
  return new;
end $$;
