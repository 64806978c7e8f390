-- A design report's first e-mail, queued with the report: every report e-mail is a report_mail
-- row, which is what the caps count (docs/operators/reports.md, "Report e-mail caps").
create or replace function report_mail_queued() returns trigger language plpgsql as $$
begin
  if new.mail_status = 'queued' and new.spam_reason is null then
    insert into report_mail (report_id, address, client, queued_at) values (new.id, lower(new.correo), new.client, new.created_at);
  end if;
  return null;
end $$;
