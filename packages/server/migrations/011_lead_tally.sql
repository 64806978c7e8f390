-- Counts per status for the inbox without counting 100,000 rows on every page: one row per
-- (kind, lang, status), kept by a trigger on `lead`. The inbox sums it when the filter is only
-- kind, language and status; with a date range or free text it counts the matching rows itself.
create table lead_tally (
  kind text not null,
  lang text not null,
  status text not null,
  n bigint not null default 0,
  primary key (kind, lang, status)
);
insert into lead_tally (kind, lang, status, n) select kind, lang, status, count(*) from lead group by kind, lang, status;

-- The trigger: lead_tally (packages/server/sql/triggers.sql).
