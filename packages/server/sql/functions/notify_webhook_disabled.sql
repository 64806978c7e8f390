-- When the webhook worker disables an endpoint that kept failing, every admin is told by e-mail,
-- through the notices' outbox: one row per admin, queued in the transaction that disables it.
create or replace function notify_webhook_disabled() returns trigger language plpgsql as $$
begin
  if new.disabled_reason = 'failing' and old.disabled_reason is distinct from 'failing' then
    insert into notification_mail (recipient, lang, endpoint_id)
    select lower(email), 'es', new.id from admin_user where role = 'admin' and password_hash is not null;
  end if;
  return null;
end $$;
