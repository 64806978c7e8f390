-- Why a report was held, and when a new one would be mailed (issue 38; docs/operators/reports.md,
-- "Report e-mail caps"): `address`, its address had its REPORT_MAILS_PER_ADDRESS in 24 h; `client`,
-- its sender had its REPORT_MAILS_PER_CLIENT in the hour. The answer to the report (and to a replay
-- of it) says which, so the design form tells the visitor the true reason. Reports held before this
-- migration keep no reason: their answer says `held` alone.
alter table report
  add column mail_held text check (mail_held in ('address', 'client')),
  add column mail_retry_at timestamptz;
