-- The inbox's "value" sort (admin/lead-sort.ts): the estimate's value in US dollars (value_usd,
-- migration 090), the leads without one last in both directions. A keyset cursor compares rows as
-- tuples, which a null breaks, so each direction sorts by its own expression (a null as -1 going
-- down, as infinity going up), each with its index ending in (created_at, id). They replace
-- migration 090's index on value_usd itself, which no query could walk page by page.
drop index if exists lead_value_newest;
create index lead_by_value on lead ((coalesce(value_usd, -1)), created_at, id);
create index lead_by_value_up on lead ((coalesce(value_usd, 'infinity'::numeric)), created_at, id);
