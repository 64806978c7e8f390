// Webhook endpoints (admins only, marked in the route table): list, add, change, remove, rotate the secret, the delivery log
// with keyset pages, resend one delivery, and a test event. The URL is checked against the SSRF
// guard when saved (a clear 400) and again by the worker before every request.
import { WEBHOOK_FORMATS, type WebhookDelivery, type WebhookEndpoint } from '@obra/schema/admin-contract';
import { HttpError } from '../http/errors.ts';
import { parseWebhookUrl, resolveTarget, TargetError } from '../webhooks/address.ts';
import { EVENT_TYPES, newSecret, TEST_EVENT, type EventType } from '../webhooks/events.ts';
import type { Format } from '../webhooks/payload.ts';
import { NO_CONTENT, type AdminContext, type RouteHandler } from './context.ts';
import { decodeCursor, encodeCursor } from './filter.ts';

/** The most endpoints the console keeps: each event is one delivery per endpoint. */
const MAX_ENDPOINTS = 20;
/** Deliveries per page of the log. */
const DELIVERY_PAGE = 50;

const ENDPOINT_COLUMNS = `id, url, events, format, secret, enabled, disabled_reason as "disabledReason", disabled_at as "disabledAt",
  failing_since as "failingSince", created_at as "createdAt"`;

const invalid = (code: string, message: string) => new HttpError(400, message, { body: { code } });

/** The URL of the body, checked for its form and, resolved, for a public address. */
async function checkedUrl(raw: string, { config }: AdminContext): Promise<string> {
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

/** A spreadsheet gets one row per new lead: any other event would add rows that are no lead. */
function checkPair(format: Format, events: readonly EventType[]) {
  if (format === 'spreadsheet' && (events.length !== 1 || events[0] !== 'lead.created')) {
    throw invalid('spreadsheet-events', 'A spreadsheet endpoint receives lead.created only.');
  }
}

async function endpointOf({ db, id }: AdminContext) {
  const [endpoint] = await db.query<WebhookEndpoint>(`select ${ENDPOINT_COLUMNS} from webhook_endpoint where id = $1`, [id]);
  if (!endpoint) throw new HttpError(404, 'There is no such webhook endpoint.', { body: { code: 'gone' } });
  return endpoint;
}

/** GET /api/admin/webhooks (admins): the endpoints, newest first, and the event types. */
export const listWebhooks: RouteHandler<'GET webhooks'> = async ({ db }) => {
  const endpoints = await db.query<WebhookEndpoint>(`select ${ENDPOINT_COLUMNS} from webhook_endpoint order by created_at desc, id desc`);
  return { status: 200, body: { endpoints, events: EVENT_TYPES, formats: WEBHOOK_FORMATS } };
};

/** POST /api/admin/webhooks {url, events, format?} (admins): the endpoint with its new secret. */
export const createWebhook: RouteHandler<'POST webhooks'> = async (context) => {
  const { db, operator, body } = context;
  const { format, events } = body;
  checkPair(format, events);
  const url = await checkedUrl(body.url, context);
  const endpoint = await db.transaction(async (tx) => {
    // Counted under a lock so that two admins adding at once cannot pass the cap together.
    await tx.query("select pg_advisory_xact_lock(hashtext('webhook_endpoint'))");
    const [{ n }] = (await tx.query<{ n: number }>('select count(*)::int as n from webhook_endpoint')) as [{ n: number }];
    if (n >= MAX_ENDPOINTS)
      throw new HttpError(409, `At most ${MAX_ENDPOINTS} webhook endpoints; remove one first.`, { body: { code: 'too-many' } });
    const [row] = await tx.query<WebhookEndpoint>(
      `insert into webhook_endpoint (url, events, format, secret) values ($1, $2, $3, $4) returning ${ENDPOINT_COLUMNS}`,
      [url, events, format, newSecret()],
    );
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'webhook.created', $2)", [
      operator.email,
      JSON.stringify({ id: row!.id }),
    ]);
    return row!;
  });
  return { status: 201, body: { endpoint } };
};

/** PATCH /api/admin/webhooks/:id {url?, events?, format?, enabled?} (admins). Enabling clears a "disabled after failing". */
export const updateWebhook: RouteHandler<'PATCH webhooks/:id'> = async (context) => {
  const { db, id, body } = context;
  const current = await endpointOf(context);
  const format = body.format ?? current.format;
  const events = body.events ?? current.events;
  checkPair(format, events);
  const url = body.url === undefined ? null : await checkedUrl(body.url, context);
  const enabled = body.enabled ?? null;
  const [endpoint] = await db.query<WebhookEndpoint>(
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
export const removeWebhook: RouteHandler<'DELETE webhooks/:id'> = async ({ db, id, operator }) => {
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
export const rotateSecret: RouteHandler<'POST webhooks/:id/rotate'> = async ({ db, id, operator }) => {
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
export const listDeliveries: RouteHandler<'GET webhooks/:id/deliveries'> = async (context) => {
  const { db, id, query } = context;
  await endpointOf(context);
  const cursor = decodeCursor(query.after);
  const rows = await db.query<WebhookDelivery & { at: string }>(
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
export const resendDelivery: RouteHandler<'POST webhook-deliveries/:id/resend'> = async ({ db, id }) => {
  const rows = await db.query("update webhook_delivery set status = 'pending', attempts = 0, next_at = now() where id = $1 returning id", [
    id,
  ]);
  if (!rows.length) throw new HttpError(404, 'There is no such delivery.', { body: { code: 'gone' } });
  return { status: 202, body: { ok: true as const } };
};

/** POST /api/admin/webhooks/:id/test (admins): a `webhook.test` event to this endpoint only. */
export const testWebhook: RouteHandler<'POST webhooks/:id/test'> = async (context) => {
  const { db, id } = context;
  await endpointOf(context);
  const [row] = await db.query<{ id: string }>('select webhook_emit($1, $2::jsonb, $3) as id', [
    TEST_EVENT,
    JSON.stringify({ endpoint: id, message: 'A test event from the Obra console.' }),
    id,
  ]);
  return { status: 202, body: { eventId: row!.id } };
};
