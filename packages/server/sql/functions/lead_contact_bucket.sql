-- Hours to first contact, in buckets: 0 under 1 h, 1 under 4 h, 2 under a day, 3 under 3 days,
-- 4 under a week, 5 later, -1 not yet (CONTACT_BUCKET_HOURS in @obra/schema/console).
create or replace function lead_contact_bucket(created timestamptz, contacted timestamptz) returns smallint language sql immutable parallel safe as $$
  select (case when contacted is null then -1
    when contacted - created < interval '1 hour' then 0 when contacted - created < interval '4 hours' then 1
    when contacted - created < interval '1 day' then 2 when contacted - created < interval '3 days' then 3
    when contacted - created < interval '7 days' then 4 else 5 end)::smallint
$$;
