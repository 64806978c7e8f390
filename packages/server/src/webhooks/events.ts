// The events webhooks carry, and how code (not a trigger) records one inside its own transaction.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@obra/schema/admin-contract';

/** Every event type an endpoint may listen for (the console's contract names them). */
export const EVENT_TYPES = WEBHOOK_EVENTS;
export type EventType = WebhookEvent;
/** The type of the console's "send a test event" (to one endpoint, never listened for). */
export const TEST_EVENT = 'webhook.test';

/**
 * Records an event of `type` with `data` and a delivery to every enabled endpoint listening for
 * it, on `tx`: call it inside the transaction of the change it reports, so the event exists if
 * and only if the change does. Returns the event id (`msg_…`), or null when no endpoint listens.
 * `data` must hold nothing secret: it leaves for the company's own systems as it is.
 */
export async function emitEvent(tx: Queryable, type: EventType, data: Record<string, unknown>): Promise<string | null> {
  const [row] = await tx.query<{ id: string | null }>('select webhook_emit($1, $2::jsonb) as id', [type, JSON.stringify(data)]);
  return row?.id ?? null;
}

/** A lead's event data (id, kind, status, lang, created, fields), as the lead.created trigger makes it; null if there is no such lead. */
export async function leadData(tx: Queryable, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.query<{ data: Record<string, unknown> | null }>('select webhook_lead_data($1) as data', [id]);
  return row?.data ?? null;
}

/** A new endpoint secret: `whsec_` and 24 random bytes in base64, as Standard Webhooks secrets are. */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
