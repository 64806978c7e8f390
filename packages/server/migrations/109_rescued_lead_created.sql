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

-- The triggers: lead_announced and webhook_lead_rescued (packages/server/sql/triggers.sql).
