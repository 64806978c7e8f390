// The inbox and a lead's page: list with counts and keyset pages, one lead with its fields and
// timeline, status/assignee changes, notes, report resend, PDF, deletion, CSV export.
import { toCsv } from '../csv.ts';
import { HttpError } from '../http/errors.ts';
import { LEAD_KINDS } from '../leads.ts';
import { queueResend } from '../report/caps.ts';
import type { ReportRow } from '../report/pdf.ts';
import { IMAGE_PATH } from '../images/ids.ts';
import { choiceLabels } from './choice-labels.ts';
import { ATTRIBUTION_COLUMNS } from '../routes/attribution.ts';
import { NO_CONTENT, readObject, requireAdmin, type AdminHandler } from './context.ts';
import { deleteLead } from './delete-lead.ts';
import { emitEvent, leadData } from '../webhooks/events.ts';
import { decodeCursor, keysetPage, PAGE_SIZE, parseFilter, STATUSES, whereOf, type KINDS } from './filter.ts';
import { storedText } from '../stored-text.ts';
import { ESTIMATE_COLUMNS, ESTIMATE_SELECT } from '../report/estimate-columns.ts';

type Kind = (typeof KINDS)[number];
const LIST_COLUMNS =
  'id, kind, created_at, created_at::text as at, status, assignee, lang, name, email, phone, summary, estimate, value_usd::float8 as value_usd';
/** The most rows one export returns. */
export const EXPORT_LIMIT = 100_000;

/** With a date range, free text, a partner or a campaign, counts stop at this many matching leads (shown as "N+"). */
export const COUNT_CAP = 2000;

/**
 * The counts per status for `filter` (its status aside): summed from lead_tally when only kind and
 * language narrow it (instant at any volume), else counted over at most COUNT_CAP matching rows.
 */
async function countsOf(db: Parameters<AdminHandler>[0]['db'], filter: ReturnType<typeof parseFilter>) {
  if (!filter.q && !filter.from && !filter.to && !filter.partner && !filter.campaign) {
    const { sql, params } = whereOf({ kind: filter.kind, lang: filter.lang });
    const rows = await db.query<{ status: string; n: number }>(
      `select status, sum(n)::int as n from lead_tally ${sql} group by status`,
      params,
    );
    return { rows, capped: false };
  }
  const { sql, params } = whereOf(filter, undefined, false);
  const rows = await db.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from (select status from lead ${sql} limit ${COUNT_CAP}) s group by status`,
    params,
  );
  return { rows, capped: rows.reduce((sum, row) => sum + row.n, 0) >= COUNT_CAP };
}

/** GET /api/admin/leads?kind&status&lang&from&to&q&partner&campaign&after: a page, newest first, and the counts per status. */
export const listLeads: AdminHandler = async ({ url, db }) => {
  const filter = parseFilter(url.searchParams);
  const cursor = decodeCursor(url.searchParams.get('after'));
  const page = whereOf(filter, cursor);
  const [rows, counts] = await Promise.all([
    db.query<{ at: string; id: string }>(
      `select ${LIST_COLUMNS} from lead ${page.sql} order by created_at desc, id desc limit ${PAGE_SIZE + 1}`,
      page.params,
    ),
    countsOf(db, filter),
  ]);
  return {
    status: 200,
    body: {
      ...keysetPage(rows),
      counts: Object.fromEntries(STATUSES.map((s) => [s, counts.rows.find((c) => c.status === s)?.n ?? 0])),
      countsCapped: counts.capped,
    },
  };
};

async function leadOf(db: Parameters<AdminHandler>[0]['db'], id: string) {
  const [lead] = await db.query<{
    id: string;
    kind: Kind;
    created_at: Date;
    status: string;
    assignee: string | null;
    lang: string;
    estimate: unknown;
    value_usd: number | null;
  }>('select id, kind, created_at, status, assignee, lang, estimate, value_usd::float8 as value_usd from lead where id = $1', [id]);
  if (!lead) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
  const [row] = await db.query<Record<string, unknown>>(`select * from ${LEAD_KINDS[lead.kind].table} where id = $1`, [id]);
  return { lead, row: row ?? {} };
}

/** GET /api/admin/leads/:id: the lead, its fields in form order, its report state and its timeline. */
export const getLead: AdminHandler = async ({ db, id }) => {
  const { lead, row } = await leadOf(db, id);
  const kind = LEAD_KINDS[lead.kind];
  const fields = kind.columns
    .filter((c) => c !== 'image_url' && c !== 'prompt')
    .map((name) => {
      const value = storedText(row[name]);
      const labels = choiceLabels(kind, name, value);
      return labels ? { name, value, labels } : { name, value };
    });
  const imagePath = lead.kind === 'report' ? IMAGE_PATH.exec(safePath(storedText(row.image_url))) : null;
  const events = await db.query<{ id: string; at: Date; actor: string | null; type: string; detail: string }>(
    'select id::text, at, actor_email as actor, type, detail from lead_event where lead_id = $1 order by at, id',
    [id],
  );
  const timeline = [
    { id: 'created', at: lead.created_at, actor: null, type: 'created', detail: lead.kind },
    ...events,
    ...(row.mailed_at ? [{ id: 'mailed', at: row.mailed_at, actor: null, type: 'mailed', detail: storedText(row.correo) }] : []),
  ].sort((a, b) => new Date(a.at as Date).getTime() - new Date(b.at as Date).getTime());
  const report =
    lead.kind === 'report'
      ? {
          image: imagePath ? imagePath[0] : null,
          mailStatus: row.mail_status,
          mailedAt: row.mailed_at,
          attempts: row.mail_attempts,
          error: row.mail_error,
        }
      : null;
  // Where it came from (null for leads stored before migration 050, or sent by a server).
  const attribution = Object.fromEntries(ATTRIBUTION_COLUMNS.map((name) => [name, row[name] ?? null]));
  return { status: 200, body: { ...lead, spamReason: row.spam_reason ?? null, fields, report, attribution, timeline } };
};

const safePath = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
};

/** PATCH /api/admin/leads/:id {status?, assignee?}: each change is a timeline event. */
export const updateLead: AdminHandler = async ({ req, db, id, operator }) => {
  const body = await readObject(req);
  const changes: [string, string, unknown][] = [];
  if ('status' in body) {
    if (!STATUSES.includes(body.status as never)) throw new HttpError(400, `status must be one of ${STATUSES.join(', ')}.`);
    changes.push(['status', 'status', body.status]);
  }
  if ('assignee' in body) {
    if (
      body.assignee !== null &&
      (typeof body.assignee !== 'string' || !(await db.query('select 1 from admin_user where id::text = $1', [body.assignee])).length)
    ) {
      throw new HttpError(400, 'assignee must be the id of a user, or null.');
    }
    changes.push(['assignee', 'assignee', body.assignee]);
  }
  if (!changes.length) throw new HttpError(400, 'Send status or assignee.');
  await db.transaction(async (tx) => {
    for (const [column, type, value] of changes) {
      const [before] = await tx.query<{ changed: boolean }>(`update lead set ${column} = $2 where id = $1 returning true as changed`, [
        id,
        value,
      ]);
      if (!before) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
      const detail =
        type === 'assignee' && value
          ? ((await tx.query<{ email: string }>('select email from admin_user where id = $1', [value]))[0]?.email ?? '')
          : storedText(value);
      await tx.query('insert into lead_event (lead_id, actor, actor_email, type, detail) values ($1, $2, $3, $4, $5)', [
        id,
        operator.id,
        operator.email,
        type,
        detail,
      ]);
    }
    // One lead.updated for the whole change, in its transaction (docs/operators/webhooks.md).
    await emitEvent(tx, 'lead.updated', { ...(await leadData(tx, id)), changed: changes.map(([column]) => column) });
  });
  return NO_CONTENT;
};

/** POST /api/admin/leads/:id/notes {text}: 1 to 2,000 characters. */
export const addNote: AdminHandler = async ({ req, db, id, operator }) => {
  const { text } = await readObject(req);
  if (typeof text !== 'string' || !text.trim() || text.length > 2000)
    throw new HttpError(400, 'A note has 1 to 2,000 characters.', { body: { code: 'note' } });
  await leadOf(db, id);
  await db.query("insert into lead_event (lead_id, actor, actor_email, type, detail) values ($1, $2, $3, 'note', $4)", [
    id,
    operator.id,
    operator.email,
    text.trim(),
  ]);
  return { status: 201, body: { ok: true } };
};

/**
 * POST /api/admin/leads/:id/resend: queues the report's e-mail again (held ones too), within the
 * per-address cap like any mail: 409 `mail-cap` with when it may go once the address had its
 * REPORT_MAILS_PER_ADDRESS in 24 h.
 */
export const resendReport: AdminHandler = async ({ db, id, operator, outbox, config }) => {
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
  await db.query("insert into lead_event (lead_id, actor, actor_email, type) values ($1, $2, $3, 'resend')", [
    id,
    operator.id,
    operator.email,
  ]);
  outbox.kick();
  return { status: 202, body: { ok: true } };
};

/** GET /api/admin/leads/:id/report.pdf: the report's PDF in the operator's language (?lang=en). */
export const reportFile: AdminHandler = async ({ db, id, url }) => {
  const [row] = await db.query<ReportRow>('select * from report where id = $1', [id]);
  if (!row) throw new HttpError(404, 'There is no such design report.', { body: { code: 'gone' } });
  const [image] = row.image_id
    ? await db.query<{ content_type: string; body: Uint8Array }>('select content_type, body from image where id = $1', [row.image_id])
    : [];
  const picture =
    image?.content_type === 'image/png' ? { png: image.body } : image?.content_type === 'image/jpeg' ? { jpeg: image.body } : undefined;
  // pdf-lib loads with the first PDF asked for, not at start (docs/contributors/performance.md).
  const { reportPdf } = await import('../report/pdf.ts');
  const pdf = await reportPdf(row, picture, url.searchParams.get('lang') === 'en' ? 'en' : 'es');
  return {
    status: 200,
    body: undefined,
    raw: pdf,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="obra-report-${id.slice(0, 8)}.pdf"` },
  };
};

/** DELETE /api/admin/leads/:id (admins): forgets the lead; the audit keeps no personal data. */
export const removeLead: AdminHandler = async ({ db, id, operator, allowList, outbox }) => {
  requireAdmin(operator);
  const kind = await deleteLead(db, id, operator.email);
  if (!kind) throw new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });
  await outbox.forget([id]);
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

/** GET /api/admin/export.csv?filter: the filtered leads as CSV (formula guard of csv.ts), newest first. */
export const exportLeads: AdminHandler = async ({ url, db }) => {
  const filter = parseFilter(url.searchParams);
  const { sql, params } = whereOf(filter);
  const rows = await db.query<Record<string, unknown>>(
    `select l.id, l.kind, l.created_at, l.status, u.email as assignee, l.lang, l.name, l.email, l.phone, l.summary, ${ESTIMATE_SELECT('l')}, ${ATTRIBUTION_SELECT}
     from (select * from lead ${sql} order by created_at desc, id desc limit ${EXPORT_LIMIT}) l
     left join admin_user u on u.id = l.assignee ${KIND_JOINS.map(({ sql: join }) => join).join(' ')} order by l.created_at desc, l.id desc`,
    params,
  );
  const day = new Date().toISOString().slice(0, 10);
  return {
    status: 200,
    body: undefined,
    raw: toCsv(EXPORT_COLUMNS, rows, { format: 'spreadsheet', phones: ['phone'] }),
    headers: { 'Content-Type': 'text/csv; charset=utf-16le', 'Content-Disposition': `attachment; filename="obra-leads-${day}.csv"` },
  };
};
