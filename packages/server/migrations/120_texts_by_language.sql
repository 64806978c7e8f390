-- Languages are data (docs/contributors/architecture.md#languages): a pipeline stage's names and a
-- message template's texts are one jsonb value keyed by language code ({"es": …, "en": …}) instead of a
-- column per language, so a language added to the list needs no migration. A key the value lacks
-- (a language added after it was written) reads as the first language's (admin/texts-by-lang.ts).
alter table deal_stage add column names jsonb;
update deal_stage set names = jsonb_build_object('es', name_es, 'en', name_en);
alter table deal_stage alter column names set not null, drop column name_es, drop column name_en;

alter table message_template add column texts jsonb;
update message_template
  set texts = jsonb_build_object('es', jsonb_build_object('subject', subject_es, 'body', body_es),
                                 'en', jsonb_build_object('subject', subject_en, 'body', body_en));
alter table message_template alter column texts set not null,
  drop column subject_es, drop column body_es, drop column subject_en, drop column body_en;
