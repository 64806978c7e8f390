-- The workflow's order (spam last), for sorting by status. SQL rather than a table: the indexes of
-- migration 100 use it, so it must stay immutable.
create or replace function lead_status_rank(status text) returns smallint language sql immutable parallel safe as $$
  select (case status when 'new' then 0 when 'contacted' then 1 when 'qualified' then 2 when 'won' then 3 when 'lost' then 4 else 5 end)::smallint
$$;
