-- Adds `delta` to a week's counts of a lead's known origins in lead_week_origin: its source, its
-- partner and its campaign (lower-cased, as the inbox matches it); an origin it lacks is no row.
create or replace function lead_origin_count(week date, kind text, source text, partner text, campaign text, delta int) returns void language sql as $$
  insert into lead_week_origin (week, kind, dim, value, n)
  select week, kind, o.dim, o.value, delta from (values ('source', source), ('partner', partner), ('campaign', lower(campaign))) o (dim, value)
  where o.value is not null
  order by o.dim
  on conflict (week, kind, dim, value) do update set n = lead_week_origin.n + excluded.n
$$;
