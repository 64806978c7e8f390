-- Attribution that cannot be forged, and sites that are not approved yet (docs/partners/sites.md).
-- `partner_code` now holds only a verified code: the lead came from one of that partner's approved
-- origins (the request's Origin header). Any other claim of the body is kept in `partner_claim`,
-- for operators, and never reaches the partner (the copy mail of 061 reads `partner_code`).
-- `embed_approved` says whether the page's origin was approved when the lead arrived: true for the
-- API's own origin, APPROVED_ORIGINS and the approved partners' origins; false for any other
-- origin; null when the request carried no Origin (a partner's server, curl) and for older rows.
do $$
declare
  kind_table text;
begin
  foreach kind_table in array array['wait_list', 'partner', 'contact', 'report'] loop
    execute format('alter table %I add column partner_claim text, add column embed_approved boolean', kind_table);
    -- Older claims that no approved origin of that partner backs are claims, not attribution.
    execute format('update %I k set partner_claim = k.partner_code, partner_code = null
      where k.partner_code is not null and not exists (
        select 1 from partner_account a
        where a.status = ''approved'' and lower(a.code) = lower(k.partner_code) and k.embed_origin = any(a.origins))', kind_table);
  end loop;
end $$;

-- The console lists leads from sites not approved, grouped by origin: `lead` carries both.
alter table lead add column partner_claim text, add column embed_origin text, add column embed_approved boolean;
update lead l set partner_code = k.partner_code, partner_claim = k.partner_claim, embed_origin = k.embed_origin
  from wait_list k where k.id = l.id;
update lead l set partner_code = k.partner_code, partner_claim = k.partner_claim, embed_origin = k.embed_origin
  from partner k where k.id = l.id;
update lead l set partner_code = k.partner_code, partner_claim = k.partner_claim, embed_origin = k.embed_origin
  from contact k where k.id = l.id;
update lead l set partner_code = k.partner_code, partner_claim = k.partner_claim, embed_origin = k.embed_origin
  from report k where k.id = l.id;

-- lead_attribution (packages/server/sql/functions) copies the three to each new lead.

-- The leads of sites not approved, newest first (the console's list and the inbox filter).
create index lead_unapproved_site on lead (created_at desc, id desc) where embed_approved = false;

-- Approving a partner e-mails them (their registration's address and language) their code, the
-- snippets of every widget and the guide: one welcome per partner, queued in the approval's
-- transaction like every other notice (notifications/partner-welcome.ts).
alter table notification_mail add column partner_id uuid references partner_account (id) on delete cascade;
alter table notification_mail drop constraint notification_mail_subject;
alter table notification_mail add constraint notification_mail_subject
  check (num_nonnulls(lead_id, digest_day, endpoint_id, partner_id) = 1);
create unique index notification_mail_partner on notification_mail (partner_id) where partner_id is not null;
