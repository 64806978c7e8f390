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

create function lead_tally_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update lead_tally set n = n - 1 where kind = old.kind and lang = old.lang and status = old.status;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into lead_tally (kind, lang, status, n) values (new.kind, new.lang, new.status, 1)
    on conflict (kind, lang, status) do update set n = lead_tally.n + 1;
  end if;
  return null;
end $$;

create trigger lead_tally after insert or delete or update of status on lead for each row execute function lead_tally_change();
