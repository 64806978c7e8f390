-- A partner code is one code whatever its case (issue 41; docs/operators/partners.md): partner
-- accounts were already unique on lower(code) (055), and new leads and sales take the account's
-- own spelling (partners/allow-list.ts), but leads verified by migration 070 kept the case their
-- page claimed ("ACME" for the partner "acme"), so the dashboard listed one partner twice and the
-- inbox's partner filter found only one spelling. Decision for those rows: each takes its account's
-- spelling; a code no account holds any more (its registration deleted) is left as it was. The
-- inbox now matches a partner code in any case, on an index of lower(partner_code).
do $$
declare
  kind_table text;
begin
  foreach kind_table in array array['wait_list', 'partner', 'contact', 'report', 'lead', 'checkout_session', 'order'] loop
    execute format('update %I k set partner_code = a.code from partner_account a
      where a.code is not null and lower(a.code) = lower(k.partner_code) and a.code <> k.partner_code', kind_table);
  end loop;
end $$;
select lead_rollup_rebuild();

drop index lead_partner_newest;
create index lead_partner_newest on lead (lower(partner_code), created_at desc, id desc);
