-- The dashboard's weekly rollups (lead_week, lead_week_origin; migration 101), kept as leads are
-- stored, change status and are deleted, so its charts sum a few hundred rows instead of counting
-- every lead. Weeks start on Monday in the company's time zone (console_setting).
create or replace function lead_rollup() returns trigger language plpgsql as $$
declare
  tz text := (select time_zone from console_setting);
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update lead_week set n = n - 1
    where week = lead_week_of(old.created_at, tz) and kind = old.kind and status = old.status and reached = old.reached
      and contact = lead_contact_bucket(old.created_at, old.first_contact_at);
    if old.status <> 'spam' and (tg_op = 'DELETE' or new.status = 'spam') then
      perform lead_origin_count(lead_week_of(old.created_at, tz), old.kind, old.source, old.partner_code, old.utm_campaign, -1);
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into lead_week (week, kind, status, reached, contact, n)
    values (lead_week_of(new.created_at, tz), new.kind, new.status, new.reached, lead_contact_bucket(new.created_at, new.first_contact_at), 1)
    on conflict (week, kind, status, reached, contact) do update set n = lead_week.n + 1;
    if new.status <> 'spam' and (tg_op = 'INSERT' or old.status = 'spam') then
      perform lead_origin_count(lead_week_of(new.created_at, tz), new.kind, new.source, new.partner_code, new.utm_campaign, 1);
    end if;
  end if;
  return null;
end $$;
