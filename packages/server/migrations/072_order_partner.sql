-- A sale started on a partner's site is the partner's (docs/partners/sites.md): the checkout
-- session keeps the partner code it was started with, verified as a lead's is (the request's
-- Origin, or the visitor's arrival on Obra's product page from that partner's approved site), or
-- kept as an unverified claim; the order takes both from its session.
alter table checkout_session add column partner_code text, add column partner_claim text, add column embed_origin text;
alter table "order" add column partner_code text, add column partner_claim text;
create index order_partner_newest on "order" (partner_code, created_at desc, id desc) where partner_code is not null;
