// Webhook endpoints (admins only): list, add, change, remove, rotate the secret, the delivery log
// with keyset pages, resend one delivery, and a test event. The URL is checked against the SSRF
// guard when saved (a clear 400) and again by the worker before every request.
import { HttpError } from '../http/errors.ts';
import { parseWebhookUrl, resolveTarget, TargetError } from '../webhooks/address.ts';
import { EVENT_TYPES, newSecret, TEST_EVENT, type EventType } from '../webhooks/events.ts';
import { FORMATS, type Format } from '../webhooks/payload.ts';
import { NO_CONTENT, readObject, requireAdmin, type AdminContext, type AdminHandler } from './context.ts';
import { decodeCursor, encodeCursor } from './filter.ts';

/** The most endpoints the console keeps: each event is one delivery per endpoint. */
const MAX_ENDPOINTS = 20;
/** Deliveries per page of the log. */
const DELIVERY_PAGE = 50;

const ENDPOINT_COLUMNS = `id, url, events, format, secret, enabled, disabled_reason as "disabledReason", disabled_at as "disabledAt",
  failing_since as "failingSince", created_at as "createdAt"`;

const invalid = (code: string, message: string) => new HttpError(400, message, { body: { code } });

/** The URL of the body, checked for its form and, resolved, for a public address. */
async function checkedUrl(raw: unknown, { config }: AdminContext): Promise<string> {
  try {
    const url = parseWebhookUrl(raw);
    await resolveTarget(url, config.webhooks.allowPrivate);
    return url.href;
  } catch (error) {
    // url, address or dns: a name with no address is not called private (the screen said so).
    if (error instanceof TargetError) throw invalid(error.code, error.message);
    throw error;
  }
}

function checkedEvents(raw: unknown): EventType[] {
  if (!Array.isArray(raw) || !raw.length || raw.some((type) => !EVENT_TYPES.includes(type as EventType))) {
    throw invalid('events', `events must be a non-empty list of ${EVENT_TYPES.join(', ')}.`);
  }
  return EVENT_TYPES.filter((type) => raw.includes(type));
}

function checkedFormat(raw: unknown): Format {
  if (!FORMATS.includes(raw as Format)) throw invalid('format', `format must be one of ${FORMATS.join(', ')}.`);
  return raw as Format;
}

/** A spreadsheet gets one row per new lead: any other event would add rows that are no lead. */
function checkPair(format: Format, events: readonly EventType[]) {
  if (format === 'spreadsheet' && (events.length !== 1 || events[0] !== 'lead.created')) {
    throw invalid('spreadsheet-events', 'A spreadsheet endpoint receives lead.created only.');
  }
}

async function endpointOf({ db, id }: AdminContext) {
  const [endpoint] = await db.query<{ format: Format; events: EventType[] }>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoint where id = $1`,
    [id],
  );
  if (!endpoint) throw new HttpError(404, 'There is no such webhook endpoint.', { body: { code: 'gone' } });
  return endpoint;
}

/** GET /api/admin/webhooks (admins): the endpoints, newest first, and the event types. */
export const listWebhooks: AdminHandler = async ({ db, operator }) => {
  requireAdmin(operator);
  const endpoints = await db.query(`select ${ENDPOINT_COLUMNS} from webhook_endpoint order by created_at desc, id desc`);
  return { status: 200, body: { endpoints, events: EVENT_TYPES, formats: FORMATS } };
};

/** POST /api/admin/webhooks {url, events, format?} (admins): the endpoint with its new secret. */
export const createWebhook: AdminHandler = async (context) => {
  const { req, db, operator } = context;
  requireAdmin(operator);
  const body = await readObject(req);
  const format = checkedFormat(body.format ?? 'standard');
  const events = checkedEvents(body.events);
  checkPair(format, events);
  const url = await checkedUrl(body.url, context);
  const endpoint = await db.transaction(async (tx) => {
    // Counted under a lock so that two admins adding at once cannot pass the cap together.
    await tx.query("select pg_advisory_xact_lock(hashtext('webhook_endpoint'))");
    const [{ n }] = (await tx.query<{ n: number }>('select count(*)::int as n from webhook_endpoint')) as [{ n: number }];
    if (n >= MAX_ENDPOINTS)
      throw new HttpError(409, `At most ${MAX_ENDPOINTS} webhook endpoints; remove one first.`, { body: { code: 'too-many' } });
    const [row] = await tx.query<{ id: string }>(
      `insert into webhook_endpoint (url, events, format, secret) values ($1, $2, $3, $4) returning ${ENDPOINT_COLUMNS}`,
      [url, events, format, newSecret()],
    );
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'webhook.created', $2)", [
      operator.email,
      JSON.stringify({ id: row!.id }),
    ]);
    return row;
  });
  return { status: 201, body: { endpoint } };
};

/** PATCH /api/admin/webhooks/:id {url?, events?, format?, enabled?} (admins). Enabling clears a "disabled after failing". */
export const updateWebhook: AdminHandler = async (context) => {
  const { req, db, id, operator } = context;
  requireAdmin(operator);
  const body = await readObject(req);
  const current = await endpointOf(context);
  const format = 'format' in body ? checkedFormat(body.format) : current.format;
  const events = 'events' in body ? checkedEvents(body.events) : current.events;
  checkPair(format, events);
  if ('enabled' in body && typeof body.enabled !== 'boolean') throw invalid('enabled', 'enabled must be true or false.');
  const url = 'url' in body ? await checkedUrl(body.url, context) : null;
  const enabled = 'enabled' in body ? (body.enabled as boolean) : null;
  const [endpoint] = await db.query(
    `update webhook_endpoint set url = coalesce($2, url), events = $3, format = $4, enabled = coalesce($5, enabled),
       disabled_reason = case when $5 is null then disabled_reason when $5 then null else 'admin' end,
       disabled_at = case when $5 is null then disabled_at when $5 then null else now() end,
       failing_since = case when $5 then null else failing_since end
     where id = $1 returning ${ENDPOINT_COLUMNS}`,
    [id, url, events, format, enabled],
  );
  if (!endpoint) throw new HttpError(404, 'There is no such webhook endpoint.', { body: { code: 'gone' } });
  return { status: 200, body: { endpoint } };
};

/** DELETE /api/admin/webhooks/:id (admins): the endpoint and its deliveries. */
export const removeWebhook: AdminHandler = async ({ db, id, operator }) => {
  requireAdmin(operator);
  if (!(await db.query('delete from webhook_endpoint where id = $1 returning id', [id])).length)
    throw new HttpError(404, 'There is no such webhook endpoint.', { body: { code: 'gone' } });
  await db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'webhook.removed', $2)", [
    operator.email,
    JSON.stringify({ id }),
  ]);
  // Events no endpoint will ever deliver are dropped with it.
  await db.query('delete from webhook_event e where not exists (select 1 from webhook_delivery d where d.event_id = e.id)');
  return NO_CONTENT;
};

/** POST /api/admin/webhooks/:id/rotate (admins): a new secret, used from the next request on. */
export const rotateSecret: AdminHandler = async ({ db, id, operator }) => {
  requireAdmin(operator);
  const [row] = await db.query<{ secret: string }>('update webhook_endpoint set secret = $2 where id = $1 returning secret', [
    id,
    newSecret(),
  ]);
  if (!row) throw new HttpError(404, 'There is no such webhook endpoint.', { body: { code: 'gone' } });
  await db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'webhook.rotated', $2)", [
    operator.email,
    JSON.stringify({ id }),
  ]);
  return { status: 200, body: { secret: row.secret } };
};

/** GET /api/admin/webhooks/:id/deliveries?after= (admins): the log, newest first, in keyset pages. */
export const listDeliveries: AdminHandler = async (context) => {
  const { db, id, url, operator } = context;
  requireAdmin(operator);
  await endpointOf(context);
  const cursor = decodeCursor(url.searchParams.get('after'));
  const rows = await db.query<{ at: string; id: string }>(
    `select d.id, d.created_at::text as at, d.event_id as "eventId", e.type, d.status, d.attempts, d.created_at as "createdAt", d.last_attempt_at as "lastAttemptAt",
       case when d.status = 'pending' then d.next_at end as "nextAt", d.delivered_at as "deliveredAt", d.last_status as "lastStatus", d.answer
     from webhook_delivery d join webhook_event e on e.id = d.event_id
     where d.endpoint_id = $1 ${cursor ? 'and (d.created_at, d.id) < ($2::timestamptz, $3::uuid)' : ''}
     order by d.created_at desc, d.id desc limit ${DELIVERY_PAGE + 1}`,
    cursor ? [id, cursor.at, cursor.id] : [id],
  );
  const last = rows[DELIVERY_PAGE - 1];
  return {
    status: 200,
    body: {
      items: rows.slice(0, DELIVERY_PAGE).map(({ at, ...row }) => row),
      next: rows.length > DELIVERY_PAGE && last ? encodeCursor({ at: last.at, id: last.id }) : null,
    },
  };
};

/** POST /api/admin/webhook-deliveries/:id/resend (admins): the same event (same webhook-id) again, now, with a fresh retry schedule. */
export const resendDelivery: AdminHandler = async ({ db, id, operator }) => {
  requireAdmin(operator);
  const rows = await db.query("update webhook_delivery set status = 'pending', attempts = 0, next_at = now() where id = $1 returning id", [
    id,
  ]);
  if (!rows.length) throw new HttpError(404, 'There is no such delivery.', { body: { code: 'gone' } });
  return { status: 202, body: { ok: true } };
};

/** POST /api/admin/webhooks/:id/test (admins): a `webhook.test` event to this endpoint only. */
export const testWebhook: AdminHandler = async (context) => {
  const { db, id, operator } = context;
  requireAdmin(operator);
  await endpointOf(context);
  const [row] = await db.query<{ id: string }>('select webhook_emit($1, $2::jsonb, $3) as id', [
    TEST_EVENT,
    JSON.stringify({ endpoint: id, message: 'A test event from the Obra console.' }),
    id,
  ]);
  return { status: 202, body: { eventId: row!.id } };
};
