-- report.mailed when the report outbox marks a mail sent (again after a resend).
create or replace function webhook_report_mailed() returns trigger language plpgsql as $$
begin
  perform webhook_emit('report.mailed', jsonb_build_object('id', new.id, 'kind', 'report', 'mailedAt', webhook_time(new.mailed_at), 'attempts', new.mail_attempts));
  return null;
end $$;
