-- The console's `lead` row for one kind row (called by the kind tables' triggers, generated in
-- src/db/lead-kinds-sql.ts): `spam` when the form judged it so, the summary on one line of at most
-- 120 characters, and the lower-cased text the free-text filter searches (name, e-mail, phone with
-- and without its punctuation, summary). A lead already indexed is left as it is.
create or replace function lead_row(kind text, id uuid, created_at timestamptz, spam_reason text, lang text, name text, email text, phone text, comment text)
returns void language sql as $$
  insert into lead (id, kind, created_at, status, lang, name, email, phone, summary, search)
  values ($2, $1, $3, case when $4 is null then 'new' else 'spam' end, $5, $6, $7, $8,
    left(regexp_replace($9, '\s+', ' ', 'g'), 120), lower(concat_ws(' ', $6, $7, $8, regexp_replace($8, '\D', '', 'g'), $9)))
  on conflict (id) do nothing
$$;
