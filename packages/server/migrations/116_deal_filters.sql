-- The deals board's filters at volume (issue 40). A country or a partner is found through its own
-- index; a text search reads the deal's copy of its lead's search text (a lead's name, e-mail,
-- phone and comment never change once stored), so the board no longer joins every lead to find
-- the first matching deals (admin/deals-routes.ts, the board).
create index deal_country on deal (country) where country is not null;
create index deal_partner on deal (lower(partner_code)) where partner_code is not null;

alter table deal add column search text not null default '';
update deal d set search = l.search from lead l where l.id = d.lead_id;
create index deal_search on deal using gin (search gin_trgm_ops);
-- The copy is kept by the deal_search trigger (sql/functions/deal_search_from_lead.sql).
