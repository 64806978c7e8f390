-- The dashboard (issue 29) over weekly rollups kept by triggers (lead_progress, lead_source and
-- lead_rollup in packages/server/sql/triggers.sql), so its charts sum a few hundred rows instead
-- of counting a million leads on every view (the way lead_tally serves the inbox).
-- Weeks start on Monday in the company's time zone (console_setting, 100_console_work.sql).

-- How far a lead got (0 new, 1 contacted, 2 qualified, 3 won: a lead lost after qualifying still
-- counts as qualified in the funnel), when it first left `new` (not for spam), and where it came
-- from: utm_source, else the referring site's host.
alter table lead add column reached smallint not null default 0, add column first_contact_at timestamptz, add column source text;

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
