-- A copy to the partner (issue 15): a rule may also tell the approved partner whose site a lead came
-- from (its `partner_code`, migration 050) at the e-mail of its registration, one mail per lead, in
-- the registration's language, without the console link (partners do not sign in to it).
alter table notification_rule add column partner_copy boolean not null default false;
alter table notification_mail add column to_partner boolean not null default false;

-- notify_new_lead (packages/server/sql/functions) queues the copy.
