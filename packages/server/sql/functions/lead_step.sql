-- How far a status got: 0 new, 1 contacted, 2 qualified, 3 won (a lead lost after qualifying still
-- counts as qualified in the funnel: lead_progress keeps the highest).
create or replace function lead_step(status text) returns smallint language sql immutable parallel safe as $$
  select (case status when 'contacted' then 1 when 'qualified' then 2 when 'won' then 3 else 0 end)::smallint
$$;
