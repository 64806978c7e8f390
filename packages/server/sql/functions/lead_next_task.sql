-- A lead's follow-up (follow_up_at, follow_up_note) is its next open task (migration 114), kept
-- whenever its tasks change, so the due queues, the follow-up sort, their indexes and the
-- navigation badge read one lead row.
create or replace function lead_next_task() returns trigger language plpgsql as $$
declare
  target uuid;
  next_at timestamptz;
  next_note text;
begin
  if tg_op = 'DELETE' then target := old.lead_id; else target := new.lead_id; end if;
  select due_at, note into next_at, next_note from lead_task where lead_id = target and done_at is null order by due_at, id limit 1;
  update lead set follow_up_at = next_at, follow_up_note = next_note
  where id = target and (follow_up_at, follow_up_note) is distinct from (next_at, next_note);
  return null;
end $$;
