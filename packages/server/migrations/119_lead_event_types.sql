-- The timeline's event types in one place (issue 43): lead_event_types()
-- (packages/server/sql/functions/lead_event_types.sql), which migration 010 now checks. A database
-- migrated before checks the list its migrations spelled, extended by 055, 100 and 111 to 114; it
-- now checks the function too, so a new type is one more element there and no migration.
alter table lead_event drop constraint lead_event_type_check,
  add constraint lead_event_type_check check (type = any (lead_event_types()));
