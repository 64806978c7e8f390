-- Where a lead came from: its utm_source, else the referring site's host (without `www.`),
-- lower-cased, at most 100 characters; null when neither says.
create or replace function lead_source_of(utm_source text, referrer text) returns text language sql immutable parallel safe as $$
  select nullif(left(coalesce(lower(trim(utm_source)), substring(lower(referrer) from '^[a-z][a-z0-9+.-]*://(?:www\.)?([^/:?#]+)')), 100), '')
$$;
