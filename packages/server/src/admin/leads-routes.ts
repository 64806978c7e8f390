// A lead's page: one lead with its fields and timeline, status, assignee and follow-up changes,
// notes, report resend, PDF, deletion; and the CSV export (the list is inbox-routes.ts).
import { spreadsheetDownload } from '../csv.ts';
import { leadPhone } from '../lead-phone.ts';
import { textOr } from '../texts.ts';
import { readableSummaries } from './summary.ts';
import { langOr, type Lang } from '@obra/schema';
import { HttpError } from '../http/errors.ts';
import { LEAD_KINDS } from '../leads.ts';
import { queueResend } from '../report/caps.ts';
import type { ReportRow } from '../report/pdf.ts';
import { IMAGE_PATH } from '../images/ids.ts';
import { choiceLabels } from './choice-labels.ts';
import { ATTRIBUTION_COLUMNS } from '../routes/attribution.ts';
import { NO_CONTENT, requireAdmin, type AdminHandler, type RouteHandler } from './context.ts';
import { exportWhere } from './bulk-routes.ts';
import { deleteLead } from './delete-lead.ts';
import { emitEvent, leadData } from '../webhooks/events.ts';
import type { KINDS } from './filter.ts';
import { storedText } from '../stored-text.ts';
import { assigneeEmail, checkAssignee, recordEvent } from './lead-changes.ts';
import { setFollowUp } from './tasks-routes.ts';
import type { LeadAttribution, LeadDetail, LeadEstimate } from '@obra/schema/admin-contract';
import { ESTIMATE_COLUMNS, ESTIMATE_SELECT } from '../report/estimate-columns.ts';

type Kind = (typeof KINDS)[number];
/** The most rows one export returns. */
export const EXPORT_LIMIT = 100_000;

async function leadOf(db: Parameters<AdminHandler>[0]['db'], id: string) {
  const [lead] = await db.query<{
    id: string;
    kind: Kind;
    created_at: Date;
    status: LeadDetail['status'];
    assignee: string | null;
    lang: string;
    follow_up_at: Date | null;
    follow_up_note: string | null;
    estimate: LeadEstimate | null;
    value_usd: number | null;
  }>(
    'select id, kind, created_at, status, assignee, lang, follow_up_at, follow_up_note, estimate, value_usd::float8 as value_usd from lead where id = $1',
    [id],
  );
  if (!lead) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
  const [row] = await db.query<Record<string, unknown>>(`select * from ${LEAD_KINDS[lead.kind].table} where id = $1`, [id]);
  return { lead, row: row ?? {} };
}

/** GET /api/admin/leads/:id: the lead, its fields in form order, its report state and its timeline. */
export const getLead: RouteHandler<'GET leads/:id'> = async ({ db, id, operator }) => {
  const { lead, row } = await leadOf(db, id);
  // Opened by the operator a rule gave it to: no longer new to them (the badge, assignment-routes.ts).
  await db.query('update lead_assignment set seen_at = now() where lead_id = $1 and user_id = $2 and seen_at is null', [id, operator.id]);
  const kind = LEAD_KINDS[lead.kind];
  const fields = kind.fields
    .filter((field) => field.shown)
    .map(({ column: name }) => {
      const value = storedText(row[name]);
      const labels = choiceLabels(kind, name, value);
      return labels ? { name, value, labels } : { name, value };
    });
  const imagePath = lead.kind === 'report' ? IMAGE_PATH.exec(safePath(storedText(row.image_url))) : null;
  const events = await db.query<{
    id: string;
    at: Date;
    actor: string | null;
    type: LeadDetail['timeline'][number]['type'];
    detail: string;
  }>('select id::text, at, actor_email as actor, type, detail from lead_event where lead_id = $1 order by at, id', [id]);
  const timeline = [
    { id: 'created', at: lead.created_at, actor: null, type: 'created' as const, detail: lead.kind },
    ...events,
    ...(row.mailed_at
      ? [{ id: 'mailed', at: row.mailed_at as Date, actor: null, type: 'mailed' as const, detail: storedText(row.correo) }]
      : []),
  ].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
  const report =
    lead.kind === 'report'
      ? {
          image: imagePath ? imagePath[0] : null,
          mailStatus: row.mail_status as NonNullable<LeadDetail['report']>['mailStatus'],
          mailedAt: row.mailed_at as Date | null,
          attempts: row.mail_attempts as number,
          error: row.mail_error as string | null,
        }
      : null;
  // Where it came from (null for leads stored before migration 050, or sent by a server).
  const attribution = Object.fromEntries(ATTRIBUTION_COLUMNS.map((name) => [name, row[name] ?? null])) as LeadAttribution;
  return {
    status: 200,
    body: {
      ...lead,
      spamReason: (row.spam_reason as string | null) ?? null,
      phoneInternational: leadPhone(row.telefono, lead.estimate?.country),
      fields,
      report,
      attribution,
      timeline,
    },
  };
};

// Stored as a full URL under PUBLIC_URL, else as the path itself (the quick start's setup): either
// way the console, served from the API's origin, shows it by its path.
const safePath = (url: string) => {
  try {
    return new URL(url, 'http://stored.invalid').pathname;
  } catch {
    return '';
  }
};

/**
 * PATCH /api/admin/leads/:id {status?, assignee?, followUp?}: each change is a timeline event; a
 * value sent as it already is (null to null, the same status) changes nothing and is not listed.
 */
export const updateLead: RouteHandler<'PATCH leads/:id'> = async ({ body, db, id, operator }) => {
  const changes: [string, unknown][] = [];
  if (body.status) changes.push(['status', body.status]);
  if ('assignee' in body) changes.push(['assignee', await checkAssignee(db, body.assignee)]);
  const { followUp } = body;
  await db.transaction(async (tx) => {
    const [lead] = await tx.query<{ assignee: string | null }>('select assignee from lead where id = $1 for update', [id]);
    if (!lead) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
    // A follow-up is the assignee's to do: on a lead nobody has, it makes the operator who sets it the assignee.
    if (followUp && !lead.assignee && !changes.some(([column]) => column === 'assignee')) changes.push(['assignee', operator.id]);
    const changed: string[] = [];
    for (const [column, value] of changes) {
      const rows = await tx.query(`update lead set ${column} = $2 where id = $1 and ${column} is distinct from $2 returning id`, [
        id,
        value,
      ]);
      if (!rows.length) continue;
      changed.push(column);
      await recordEvent(
        tx,
        id,
        operator,
        column,
        column === 'assignee' ? await assigneeEmail(tx, value as string | null) : storedText(value),
      );
    }
    if (followUp !== undefined) {
      if (await setFollowUp(tx, id, followUp, operator)) {
        changed.push('followUp');
        await recordEvent(tx, id, operator, 'follow-up', followUp ? `${followUp.at}\n${followUp.note}`.trimEnd() : '');
      }
    }
    // One lead.updated for the whole change, in its transaction, listing only what changed (docs/operators/webhooks.md).
    if (changed.length) await emitEvent(tx, 'lead.updated', { ...(await leadData(tx, id)), changed });
  });
  return NO_CONTENT;
};

/** POST /api/admin/leads/:id/notes {text}: 1 to 2,000 characters. */
export const addNote: RouteHandler<'POST leads/:id/notes'> = async ({ body: { text }, db, id, operator }) => {
  await leadOf(db, id);
  await db.query("insert into lead_event (lead_id, actor, actor_email, type, detail) values ($1, $2, $3, 'note', $4)", [
    id,
    operator.id,
    operator.email,
    text,
  ]);
  return { status: 201, body: { ok: true } };
};

/**
 * POST /api/admin/leads/:id/resend: queues the report's e-mail again (held ones too), within the
 * per-address cap like any mail: 409 `mail-cap` with when it may go once the address had its
 * REPORT_MAILS_PER_ADDRESS in 24 h. While its e-mail is still queued, a 202 that queues nothing more.
 */
export const resendReport: RouteHandler<'POST leads/:id/resend'> = async ({ db, id, operator, mailOutbox, config }) => {
  const result = await db.transaction((tx) => queueResend(tx, id, config.reportMail));
  if (!result) throw new HttpError(404, 'There is no such design report.', { body: { code: 'gone' } });
  if (!result.queued)
    throw new HttpError(
      409,
      `This address has had its report e-mails for today; it can get another after ${result.retryAt.toISOString()}.`,
      {
        body: { code: 'mail-cap', retryAt: result.retryAt.toISOString() },
      },
    );
  // Its e-mail was still queued: that one goes, nothing more is queued, counted or recorded.
  if (result.already) return { status: 202, body: { ok: true } };
  await db.query("insert into lead_event (lead_id, actor, actor_email, type) values ($1, $2, $3, 'resend')", [
    id,
    operator.id,
    operator.email,
  ]);
  mailOutbox.kick();
  return { status: 202, body: { ok: true } };
};

/** GET /api/admin/leads/:id/report.pdf: the report's PDF in the operator's language (?lang=en). */
export const reportFile: RouteHandler<'GET leads/:id/report.pdf'> = async ({ db, id, query }) => {
  const [row] = await db.query<ReportRow>('select * from report where id = $1', [id]);
  if (!row) throw new HttpError(404, 'There is no such design report.', { body: { code: 'gone' } });
  const [image] = row.image_id
    ? await db.query<{ content_type: string; body: Uint8Array }>('select content_type, body from image where id = $1', [row.image_id])
    : [];
  const picture =
    image?.content_type === 'image/png' ? { png: image.body } : image?.content_type === 'image/jpeg' ? { jpeg: image.body } : undefined;
  // pdf-lib loads with the first PDF asked for, not at start (docs/contributors/performance.md).
  const { reportPdf } = await import('../report/pdf.ts');
  const pdf = await reportPdf(row, picture, query.lang);
  return {
    status: 200,
    body: undefined,
    raw: pdf,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="obra-report-${id.slice(0, 8)}.pdf"` },
  };
};

/** DELETE /api/admin/leads/:id (admins): forgets the lead; the audit keeps no personal data. */
export const removeLead: RouteHandler<'DELETE leads/:id'> = async ({ db, id, operator, allowList, mailOutbox }) => {
  requireAdmin(operator);
  const kind = await deleteLead(db, id, operator.email);
  if (!kind) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
  await mailOutbox.forget([id]);
  // A partner's registration takes its partner account, and so its origins, with it.
  if (kind === 'partner') allowList.invalidate();
  return NO_CONTENT;
};

const EXPORT_COLUMNS = [
  'id',
  'kind',
  'created_at',
  'status',
  'assignee',
  'lang',
  'name',
  'email',
  'phone',
  'summary',
  'follow_up_at',
  'follow_up_note',
  'notes',
  ...ESTIMATE_COLUMNS,
  ...ATTRIBUTION_COLUMNS,
];

/** The kind tables, each joined only to its own leads (by primary key) for the attribution columns. */
const KIND_JOINS = Object.entries(LEAD_KINDS).map(([name, kind], i) => ({
  alias: `k${i}`,
  sql: `left join ${kind.table} k${i} on l.kind = '${name}' and k${i}.id = l.id`,
}));
const ATTRIBUTION_SELECT = ATTRIBUTION_COLUMNS.map(
  (column) => `coalesce(${KIND_JOINS.map(({ alias }) => `${alias}.${column}`).join(', ')}) as ${column}`,
).join(', ');

/** A time as a spreadsheet reads it, in `timeZone`: `2026-11-28 09:15` (Excel and LibreOffice take it for a date and time in any locale). */
const sheetTime = (at: unknown, timeZone: string): string => {
  if (!(at instanceof Date)) return '';
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};

/**
 * GET /api/admin/export.csv?filter (or ?ids=a,b,… for the leads selected in the inbox): the leads as
 * CSV (formula guard of csv.ts), newest first, as the operator reads them: times in their zone, the
 * kind, status and first words in their language, the phone as the console links it, the
 * follow-up and the notes (oldest first, one a line).
 */
export const exportLeads: RouteHandler<'GET export.csv'> = async (context) => {
  const { query, db, operator } = context;
  const lang = langOr(operator.lang);
  const { sql, params } = await exportWhere(context, query);
  const rows = await db.query<Record<string, unknown>>(
    `select l.id, l.kind, l.created_at, l.status, u.email as assignee, l.lang, l.name, l.email, l.phone, l.estimate->>'country' as country, l.summary,
       l.follow_up_at, l.follow_up_note, ${ESTIMATE_SELECT('l')}, ${ATTRIBUTION_SELECT}
     from (select * from lead ${sql} order by created_at desc, id desc limit ${EXPORT_LIMIT}) l
     left join admin_user u on u.id = l.assignee ${KIND_JOINS.map(({ sql: join }) => join).join(' ')} order by l.created_at desc, l.id desc`,
    params,
  );
  const ids = rows.map((row) => row.id as string);
  const summaries = new Map<string, Record<Lang, string>>();
  const notes = new Map<string, string>();
  // In slices, so no statement carries 100,000 ids.
  for (let at = 0; at < ids.length; at += 1000) {
    const slice = ids.slice(at, at + 1000);
    for (const [id, words] of await readableSummaries(db, slice)) summaries.set(id, words);
    const noted = await db.query<{ lead_id: string; notes: string }>(
      "select lead_id::text, string_agg(detail, E'\\n' order by at, id) as notes from lead_event where type = 'note' and lead_id = any($1::uuid[]) group by lead_id",
      [slice],
    );
    for (const row of noted) notes.set(row.lead_id, row.notes);
  }
  const readable = rows.map((row) => ({
    ...row,
    kind: textOr(lang, `console.kind.${String(row.kind)}`, String(row.kind)),
    status: textOr(lang, `console.status.${String(row.status)}`, String(row.status)),
    created_at: sheetTime(row.created_at, operator.timeZone),
    follow_up_at: sheetTime(row.follow_up_at, operator.timeZone),
    summary: summaries.get(row.id as string)?.[lang] ?? row.summary,
    notes: notes.get(row.id as string) ?? '',
    // The phone as the console links it: read in the lead's country (a number without one is kept as typed).
    phone: leadPhone(row.phone, row.country as string | null) ?? row.phone,
  }));
  return spreadsheetDownload('leads', EXPORT_COLUMNS, readable, ['phone']);
};
