-- Webhook payloads, version 2 (issue 30; docs/operators/webhooks.md, JSON Schemas in docs/webhooks/v2/):
-- one timestamp format (webhook_time, packages/server/sql/functions), not the database's JSON of a
-- timestamptz (PGlite dropped trailing zeros, PostgreSQL wrote microseconds, both in the session's
-- TimeZone); one key style
-- (camelCase, as the forms submit their fields); values typed as submitted (`otros` a list).
-- Each event keeps the version its data was made in: events stored before this are version 1.
alter table webhook_event add column version integer not null default 2;
update webhook_event set version = 1;
