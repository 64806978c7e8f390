-- The Monday of a moment's week in the time zone `tz` (the dashboard's weeks).
create or replace function lead_week_of(at timestamptz, tz text) returns date language sql immutable parallel safe as $$
  select date_trunc('week', at at time zone tz)::date
$$;
