-- lead.created for a rescued lead (issue 42): a lead taken for spam is stored without lead.created
-- (040); when an operator rescues it (its status moves from spam to another, on its page or in
-- bulk) it now sends lead.created, before the change's lead.updated. `announced` says whether the
-- lead has had its lead.created moment, so a lead that was announced, then marked spam and taken
-- back, is not announced twice.
alter table lead add column announced boolean not null default true;
update lead l set announced = false
where l.status = 'spam'
  and (exists (select 1 from wait_list k where k.id = l.id and k.spam_reason is not null)
    or exists (select 1 from partner k where k.id = l.id and k.spam_reason is not null)
    or exists (select 1 from contact k where k.id = l.id and k.spam_reason is not null)
    or exists (select 1 from report k where k.id = l.id and k.spam_reason is not null));

create function lead_announced() returns trigger language plpgsql as $$
begin
  new.announced := new.status <> 'spam';
  return new;
end $$;
create trigger lead_announced before insert on lead for each row execute function lead_announced();

create function webhook_lead_rescued() returns trigger language plpgsql as $$
begin
  update lead set announced = true where id = new.id;
  if exists (select 1 from webhook_endpoint where enabled and 'lead.created' = any(events)) then
    perform webhook_emit('lead.created', webhook_lead_data(new.id));
  end if;
  return null;
end $$;
create trigger webhook_lead_rescued after update of status on lead
  for each row when (not old.announced and new.status <> 'spam') execute function webhook_lead_rescued();
