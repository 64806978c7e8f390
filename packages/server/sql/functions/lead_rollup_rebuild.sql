-- Both rollups again from the leads: when an admin changes the company's time zone
-- (admin/company-routes.ts), in that change's transaction, and in the migrations that change what
-- they count (101, 105).
create or replace function lead_rollup_rebuild() returns void language plpgsql as $$
declare
  tz text := (select time_zone from console_setting);
begin
  lock table lead_week, lead_week_origin in exclusive mode;
  delete from lead_week;
  delete from lead_week_origin;
  insert into lead_week (week, kind, status, reached, contact, n)
  select lead_week_of(created_at, tz), kind, status, reached, lead_contact_bucket(created_at, first_contact_at), count(*)
  from lead group by 1, 2, 3, 4, 5;
  insert into lead_week_origin (week, kind, dim, value, n)
  select lead_week_of(l.created_at, tz), l.kind, o.dim, o.value, count(*)
  from lead l cross join lateral (values ('source', l.source), ('partner', l.partner_code), ('campaign', lower(l.utm_campaign))) o (dim, value)
  where l.status <> 'spam' and o.value is not null group by 1, 2, 3, 4;
end $$;
