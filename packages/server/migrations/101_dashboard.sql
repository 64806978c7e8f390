-- The dashboard (issue 29) over weekly rollups kept by triggers, so its charts sum a few hundred
-- rows instead of counting a million leads on every view (the way lead_tally serves the inbox).
-- Weeks start on Monday in the company's time zone (console_setting, 100_console_work.sql).

-- How far a lead got (0 new, 1 contacted, 2 qualified, 3 won: a lead lost after qualifying still
-- counts as qualified in the funnel), when it first left `new` (not for spam), and where it came
-- from: utm_source, else the referring site's host.
alter table lead add column reached smallint not null default 0, add column first_contact_at timestamptz, add column source text;

create function lead_step(status text) returns smallint language sql immutable parallel safe as $$
  select (case status when 'contacted' then 1 when 'qualified' then 2 when 'won' then 3 else 0 end)::smallint
$$;
-- Hours to first contact, in buckets: 0 under 1 h, 1 under 4 h, 2 under a day, 3 under 3 days,
-- 4 under a week, 5 later, -1 not yet (CONTACT_BUCKET_HOURS in @obra/schema/console).
create function lead_contact_bucket(created timestamptz, contacted timestamptz) returns smallint language sql immutable parallel safe as $$
  select (case when contacted is null then -1
    when contacted - created < interval '1 hour' then 0 when contacted - created < interval '4 hours' then 1
    when contacted - created < interval '1 day' then 2 when contacted - created < interval '3 days' then 3
    when contacted - created < interval '7 days' then 4 else 5 end)::smallint
$$;
create function lead_week_of(at timestamptz, tz text) returns date language sql immutable parallel safe as $$
  select date_trunc('week', at at time zone tz)::date
$$;
create function lead_source_of(utm_source text, referrer text) returns text language sql immutable parallel safe as $$
  select nullif(left(coalesce(lower(trim(utm_source)), substring(lower(referrer) from '^[a-z][a-z0-9+.-]*://(?:www\.)?([^/:?#]+)')), 100), '')
$$;

create function lead_progress() returns trigger language plpgsql as $$
begin
  new.reached := greatest(old.reached, lead_step(new.status));
  if new.first_contact_at is null and new.status not in ('new', 'spam') then
    new.first_contact_at := now();
  end if;
  return new;
end $$;
create trigger lead_progress before update of status on lead for each row execute function lead_progress();

-- The source, read from the kind row as lead_attribution (050) reads the partner and campaign.
create function lead_source() returns trigger language plpgsql as $$
declare
  utm text;
  ref text;
begin
  if new.kind = 'wait-list' then select utm_source, referrer into utm, ref from wait_list where id = new.id;
  elsif new.kind = 'partner' then select utm_source, referrer into utm, ref from partner where id = new.id;
  elsif new.kind = 'contact' then select utm_source, referrer into utm, ref from contact where id = new.id;
  elsif new.kind = 'report' then select utm_source, referrer into utm, ref from report where id = new.id;
  end if;
  new.source := coalesce(new.source, lead_source_of(utm, ref));
  return new;
end $$;
create trigger lead_source before insert on lead for each row execute function lead_source();

-- Leads per week, kind, status, step reached and contact bucket (spam included, as its status).
create table lead_week (
  week date not null,
  kind text not null,
  status text not null,
  reached smallint not null,
  contact smallint not null,
  n bigint not null default 0,
  primary key (week, kind, status, reached, contact)
);
-- Leads that are not spam per week, kind and each known origin: `dim` is source, partner or
-- campaign (lower-cased, as the inbox matches it); a lead without one is in no row of that dim.
create table lead_week_origin (
  week date not null,
  kind text not null,
  dim text not null check (dim in ('source', 'partner', 'campaign')),
  value text not null,
  n bigint not null default 0,
  primary key (week, kind, dim, value)
);

create function lead_origin_count(week date, kind text, source text, partner text, campaign text, delta int) returns void language sql as $$
  insert into lead_week_origin (week, kind, dim, value, n)
  select week, kind, o.dim, o.value, delta from (values ('source', source), ('partner', partner), ('campaign', lower(campaign))) o (dim, value)
  where o.value is not null
  order by o.dim
  on conflict (week, kind, dim, value) do update set n = lead_week_origin.n + excluded.n
$$;

create function lead_rollup() returns trigger language plpgsql as $$
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
create trigger lead_rollup after insert or delete or update of status on lead for each row execute function lead_rollup();

-- Both rollups again from the leads: here for the leads stored before, and when an admin changes
-- the company's time zone (admin/company-routes.ts), in that change's transaction.
create function lead_rollup_rebuild() returns void language plpgsql as $$
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

-- The leads stored before: their source, how far they got (their timeline's first status change
-- is their first contact), then the rollups.
do $$
declare
  kind_table text;
  kind_name text;
begin
  foreach kind_table in array array['wait_list', 'partner', 'contact', 'report'] loop
    kind_name := case kind_table when 'wait_list' then 'wait-list' else kind_table end;
    execute format('update lead set source = lead_source_of(k.utm_source, k.referrer) from %I k where lead.kind = %L and k.id = lead.id
      and lead_source_of(k.utm_source, k.referrer) is not null', kind_table, kind_name);
  end loop;
end $$;
update lead set reached = lead_step(status) where lead_step(status) > 0;
update lead set first_contact_at = e.at
from (select lead_id, min(at) as at from lead_event where type = 'status' and detail not in ('new', 'spam') group by lead_id) e
where e.lead_id = lead.id and lead.status <> 'new';
select lead_rollup_rebuild();
