-- The indicative estimate of a design report's lead (issue 28), for the console: `estimate` holds
-- the range, currency, weeks and what drives the width (low, expected, high, currency, weeks,
-- drivers, country, fallback); `value_usd` is the expected value in US dollars at the dated rate of
-- packages/estimate/src/data.json, so leads in different currencies sort together. Both are null
-- for kinds without an estimate, and for a report whose building was not measured. Written in the
-- report's own transaction by routes/leads.ts (the estimate is computed in TypeScript, not SQL).
alter table lead add column estimate jsonb, add column value_usd numeric;

-- The inbox sorted by value, then newest: valued leads first, the rest after them.
create index lead_value_newest on lead (value_usd desc nulls last, created_at desc, id desc);
