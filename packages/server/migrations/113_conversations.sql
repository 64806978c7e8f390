-- Conversations (issue 40): e-mails to a lead from the console through the mail outbox, message
-- templates in es and en, WhatsApp messages opened from the console, and calls, site visits and
-- meetings logged with an outcome. Each is a lead_event, so every timeline shows it.

-- Templates: one row holds both languages; the lead's language picks which one a message uses.
-- {{name}}, {{estimate}}, {{place}}, {{operator}} and {{company}} are filled (TEMPLATE_VARIABLES
-- in @obra/schema/console). Admins change them, every operator uses them.
create table message_template (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  subject_es text not null,
  body_es text not null,
  subject_en text not null,
  body_en text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text
);
create unique index message_template_name on message_template (lower(name));

insert into message_template (name, subject_es, body_es, subject_en, body_en) values
  ('Primer contacto / First contact',
   'Tu proyecto con {{company}}',
   E'Hola {{name}}:\n\nGracias por escribirnos. Soy {{operator}}, de {{company}}, y te acompañaré con tu proyecto. ¿Cuándo te viene bien una llamada corta para conocerlo mejor?\n\nUn saludo,\n{{operator}}',
   'Your project with {{company}}',
   E'Hello {{name}},\n\nThank you for getting in touch. I am {{operator}} from {{company}} and I will help you with your project. When would suit you for a short call to learn more about it?\n\nKind regards,\n{{operator}}'),
  ('Estimación / Estimate',
   'La estimación de tu proyecto',
   E'Hola {{name}}:\n\nSegún tu diseño en {{place}}, la estimación indicativa es de {{estimate}}. Es un rango orientativo: con una visita a la obra podemos darte una cotización firme.\n\n¿Agendamos la visita?\n\n{{operator}}, {{company}}',
   'Your project''s estimate',
   E'Hello {{name}},\n\nFrom your design in {{place}}, the indicative estimate is {{estimate}}. It is a guide range: after a site visit we can give you a firm quote.\n\nShall we book the visit?\n\n{{operator}}, {{company}}'),
  ('Visita a la obra / Site visit',
   'Visita a tu obra',
   E'Hola {{name}}:\n\nTe escribo para confirmar la visita a tu obra. Si necesitas cambiar el día o la hora, responde a este mensaje.\n\n{{operator}}, {{company}}',
   'Visiting your site',
   E'Hello {{name}},\n\nI am writing to confirm the visit to your site. If you need to change the day or the time, just reply to this message.\n\n{{operator}}, {{company}}');

-- An e-mail to a lead: the outbox's row. What it says (subject on the first line, then the text),
-- who sent it and when are its lead_event (type email); the address is the lead's own at sending.
create table lead_mail (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references lead (id) on delete cascade,
  event_id bigint not null references lead_event (id) on delete cascade,
  to_address text not null,
  -- The template's name when one was used (it may be deleted or renamed later).
  template text,
  actor uuid references admin_user (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  error text
);
-- The per-operator hourly cap counts an operator's latest mails; the outbox claims the unsent ones.
create index lead_mail_actor on lead_mail (actor, created_at);
create index lead_mail_pending on lead_mail (next_at) where sent_at is null;
create index lead_mail_lead on lead_mail (lead_id);
create index lead_mail_event on lead_mail (event_id);
