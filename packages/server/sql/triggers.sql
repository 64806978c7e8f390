-- Every trigger, by table: what storing or changing a row sets off, in the transaction of that
-- change (docs/contributors/architecture.md#sql-functions). Each calls its function in
-- sql/functions/. PostgreSQL fires the triggers of one moment (before or after the same change)
-- in the order of their names, which is the order below. The kind tables' `lead_index` triggers
-- (wait_list, partner, contact, report: lead_row() after insert) are generated from the lead-kind
-- registry (src/db/lead-kinds-sql.ts). migrate() drops any trigger not declared here or there.

-- lead: a new lead, before it is stored.
create or replace trigger lead_announced before insert on lead for each row execute function lead_announced();
create or replace trigger lead_attribution before insert on lead for each row execute function lead_attribution();
create or replace trigger lead_person before insert on lead for each row execute function lead_person();
create or replace trigger lead_source before insert on lead for each row execute function lead_source();
-- … and once stored.
create or replace trigger lead_assign_by_rule after insert on lead for each row execute function lead_assign_by_rule();
create or replace trigger lead_notify after insert on lead for each row execute function notify_new_lead();
create or replace trigger lead_rollup after insert or delete or update of status on lead for each row execute function lead_rollup();
create or replace trigger lead_tally after insert or delete or update of status on lead for each row execute function lead_tally_change();
create or replace trigger webhook_lead_created after insert on lead for each row execute function webhook_lead_created();
-- lead: a status change (lead_rollup and lead_tally above count it too).
create or replace trigger lead_progress before update of status on lead for each row execute function lead_progress();
create or replace trigger partner_account_rescued after update of status on lead for each row
  when (new.kind = 'partner' and old.status = 'spam' and new.status <> 'spam')
  execute function partner_account_from_rescue();
create or replace trigger webhook_lead_rescued after update of status on lead
  for each row when (not old.announced and new.status <> 'spam') execute function webhook_lead_rescued();
-- lead: a deletion (lead_rollup and lead_tally above count it too).
create or replace trigger webhook_forget_lead after delete on lead for each row execute function webhook_forget_lead();

-- partner: a registration (after its lead_index).
create or replace trigger partner_account_pending after insert on partner for each row execute function partner_account_from_partner();

-- report: a design report (after its lead_index), and its first mail sent.
create or replace trigger report_mail_queued after insert on report for each row execute function report_mail_queued();
create or replace trigger webhook_report_mailed after update of mailed_at on report for each row
  when (old.mailed_at is null and new.mailed_at is not null) execute function webhook_report_mailed();

-- webhook_endpoint: the worker disabling an endpoint that kept failing.
create or replace trigger webhook_disabled_notify after update of disabled_reason on webhook_endpoint
  for each row execute function notify_webhook_disabled();

-- deal: written, before it is stored.
create or replace trigger deal_search before insert or update of lead_id on deal for each row execute function deal_search_from_lead();
-- deal: opened, changed or deleted.
create or replace trigger deal_tally after insert or delete or update of stage_id, currency, amount, close_date on deal
  for each row execute function deal_tally_change();

-- lead_task: created, changed, done or deleted.
create or replace trigger lead_next_task after insert or delete or update of due_at, note, done_at on lead_task
  for each row execute function lead_next_task();
