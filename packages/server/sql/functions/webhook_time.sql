-- The webhooks' one timestamp format: ISO 8601 in UTC with milliseconds, `2026-11-27T06:10:47.123Z`.
create or replace function webhook_time(at timestamptz) returns text language sql immutable as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
