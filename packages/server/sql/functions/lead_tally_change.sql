-- Counts per (kind, lang, status) for the inbox (lead_tally, migration 011), kept as leads are
-- stored, change status and are deleted: the inbox sums them when its filter is only kind,
-- language and status.
create or replace function lead_tally_change() returns trigger language plpgsql as $$
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
