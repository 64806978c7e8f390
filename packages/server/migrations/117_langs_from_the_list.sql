-- Languages are data (docs/contributors/architecture.md#languages): the API checks a language
-- against the list in @obra/schema (lang.ts) before it stores one (PATCH me, PUT notifications),
-- so no table spells the languages and a new language needs no migration.
alter table notification_rule drop constraint if exists notification_rule_lang_check;
alter table admin_user drop constraint if exists admin_user_lang_check;
