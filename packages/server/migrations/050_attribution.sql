-- Where each lead came from (issue 15, "Attribution"): the page (no fragment, only its utm_*
-- query parameters), the referrer's origin and path, the five UTM parameters, the element's
-- partner code, the widget and its bundle version (all sent by the widget, checked by
-- routes/attribution.ts and used for reporting only), and the embedding origin, taken from the
-- request's Origin header. Null when a client sent none (a partner's own server, an old bundle).
do $$
declare
  kind_table text;
begin
  foreach kind_table in array array['wait_list', 'partner', 'contact', 'report'] loop
    execute format('alter table %I add column page_url text, add column referrer text, add column utm_source text,
      add column utm_medium text, add column utm_campaign text, add column utm_term text, add column utm_content text,
      add column partner_code text, add column widget text, add column widget_version text, add column embed_origin text', kind_table);
  end loop;
end $$;

-- The inbox filters by partner code and by campaign: `lead` carries both, filled from the kind
-- row as the lead is indexed, by the trigger lead_attribution (packages/server/sql/triggers.sql).
alter table lead add column partner_code text, add column utm_campaign text;

-- Newest first within one partner or one campaign, like the other filters' indexes. Campaign
-- names are matched without regard to case (marketers write `Spring` and `spring`), as far as the
-- database's locale folds it: ASCII always, other letters under a UTF-8 locale.
create index lead_partner_newest on lead (partner_code, created_at desc, id desc);
create index lead_campaign_newest on lead (lower(utm_campaign), created_at desc, id desc);
