-- A copy to the partner (issue 15): a rule may also tell the approved partner whose site a lead came
-- from (its `partner_code`, migration 050) at the e-mail of its registration, one mail per lead, in
-- the registration's language, without the console link (partners do not sign in to it).
alter table notification_rule add column partner_copy boolean not null default false;
alter table notification_mail add column to_partner boolean not null default false;

create or replace function notify_new_lead() returns trigger language plpgsql as $$
begin
  if new.status <> 'spam' then
    insert into notification_mail (recipient, lang, lead_id)
    select distinct lower(address), rule.lang, new.id from notification_rule rule, unnest(rule.recipients) address
    where rule.kind = new.kind and rule.mode = 'each'
    on conflict do nothing;
    if new.partner_code is not null then
      insert into notification_mail (recipient, lang, lead_id, to_partner)
      select lower(registration.email), registration.lang, new.id, true
      from notification_rule rule
      join partner_account account on account.status = 'approved' and lower(account.code) = lower(new.partner_code)
      join lead registration on registration.id = account.id
      where rule.kind = new.kind and rule.partner_copy
      on conflict do nothing;
    end if;
  end if;
  return null;
end $$;
