// The console's contract for webhooks: endpoints, their secrets and test events, and the
// deliveries' log.
import * as v from 'valibot';
import type { AdminBody } from './check.ts';
import { type ApiTime, type KeysetPage, body } from './common.ts';

/** Every event type a webhook endpoint may listen for. */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'partner.approved', 'report.mailed', 'order.refunded'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a webhook endpoint receives: Standard Webhooks, or the spreadsheet preset's rows. */
export const WEBHOOK_FORMATS = ['standard', 'spreadsheet'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
const EVENTS_TEXT = `events must be a non-empty list of ${WEBHOOK_EVENTS.join(', ')}.`;
/** The events an endpoint listens for, in the order of WEBHOOK_EVENTS, each once. */
const webhookEvents = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, EVENTS_TEXT), EVENTS_TEXT),
  v.minLength(1, EVENTS_TEXT),
  v.transform((chosen) => WEBHOOK_EVENTS.filter((type) => chosen.includes(type))),
);
const webhookFormat = v.picklist(WEBHOOK_FORMATS, `format must be one of ${WEBHOOK_FORMATS.join(', ')}.`);
/** An endpoint's URL as sent; its form and address are the API's to check (they need a DNS lookup). */
const webhookUrl = v.string('url must be the http or https address of the endpoint.');
const WEBHOOK_CODES = { url: 'url', events: 'events', format: 'format', enabled: 'enabled' };
/** A webhook endpoint, with its signing secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  secret: string;
  enabled: boolean;
  /** Why it is disabled: by an admin, or by the API after it kept failing. */
  disabledReason: 'failing' | 'admin' | null;
  disabledAt: ApiTime | null;
  /** Its first failure of the current run of failures. */
  failingSince: ApiTime | null;
  createdAt: ApiTime;
}

/** One event's delivery to one endpoint, as the log gives it. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  /** A WebhookEvent, or webhook.test. */
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: ApiTime;
  lastAttemptAt: ApiTime | null;
  /** The next attempt of a pending delivery. */
  nextAt: ApiTime | null;
  deliveredAt: ApiTime | null;
  /** The receiver's last HTTP status, and the start of its answer or the error. */
  lastStatus: number | null;
  answer: string | null;
}

/** The answer of each route of webhooks, by 'METHOD path' (AdminResponses). */
export interface WebhookRoutes {
  'GET webhooks': { endpoints: WebhookEndpoint[]; events: readonly WebhookEvent[]; formats: readonly WebhookFormat[] };
  /** 201. */
  'POST webhooks': { endpoint: WebhookEndpoint };
  'PATCH webhooks/:id': { endpoint: WebhookEndpoint };
  /** The endpoint and its log. */
  'DELETE webhooks/:id': undefined;
  /** The new secret, used from the next request on. */
  'POST webhooks/:id/rotate': { secret: string };
  /** 202: a webhook.test event to this endpoint only. */
  'POST webhooks/:id/test': { eventId: string };
  /** `?after=`: newest first, 50 a page. */
  'GET webhooks/:id/deliveries': KeysetPage<WebhookDelivery>;
  /** 202: the same event (same webhook-id) again, now, with a fresh retry schedule. */
  'POST webhook-deliveries/:id/resend': { ok: true };
}

/** The body of each route of webhooks that reads one (ADMIN_BODIES). */
export const WEBHOOK_BODIES = {
  /** A spreadsheet endpoint takes lead.created only: the API checks that pair (a change's, with the stored endpoint). */
  'POST webhooks': body(
    // A missing member is refused with its object's message.
    v.object(
      { url: webhookUrl, events: webhookEvents, format: v.optional(webhookFormat, 'standard') },
      'Send url and events (format if not standard).',
    ),
    WEBHOOK_CODES,
  ),
  /** Enabling clears a "disabled after failing". */
  'PATCH webhooks/:id': body(
    v.object({
      url: v.optional(webhookUrl),
      events: v.optional(webhookEvents),
      format: v.optional(webhookFormat),
      enabled: v.optional(v.boolean('enabled must be true or false.')),
    }),
    WEBHOOK_CODES,
  ),
} satisfies { [K in keyof WebhookRoutes]?: AdminBody };
