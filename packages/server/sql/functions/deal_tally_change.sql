-- Count and amount per stage, currency and month of the close date (deal_tally, migration 112),
-- kept as deals are opened, changed and deleted: the board's column totals, the won revenue and the
-- forecast read a few hundred rows at any volume.
create or replace function deal_tally_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update deal_tally set n = n - 1, amount = amount - old.amount
    where stage_id = old.stage_id and currency = old.currency and month = date_trunc('month', old.close_date)::date;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into deal_tally (stage_id, currency, month, n, amount) values (new.stage_id, new.currency, date_trunc('month', new.close_date)::date, 1, new.amount)
    on conflict (stage_id, currency, month) do update set n = deal_tally.n + 1, amount = deal_tally.amount + excluded.amount;
  end if;
  return null;
end $$;
