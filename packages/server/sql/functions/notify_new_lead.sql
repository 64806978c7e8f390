-- A lead that is not spam: one mail to each recipient of its kind's rule, if the rule says
-- "each", and a copy to the approved partner whose site it came from (its verified `partner_code`)
-- if the rule says so, at the e-mail and in the language of the partner's registration. Sent by the
-- outbox (mail/outbox.ts).
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
