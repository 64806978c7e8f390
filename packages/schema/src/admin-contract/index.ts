// The contract between the console and its API (/api/admin/*): each route the console calls, named
// 'METHOD path' (`:id` for the path's id), with the answer it gives (AdminResponses), for the
// routes that read a body the body's schema (ADMIN_BODIES), and for the GET routes that read a
// query string its schema (ADMIN_QUERIES, queries.ts). The server's route table is built from these
// names and each handler reads its body and its query through the schemas and returns its answer's
// type; the console's adminApi() takes the same names. A change on one side fails `tsc` on the other.
//
// Each resource declares its routes' answers, bodies and shapes in its own file (leads.ts,
// deals.ts, people.ts, tasks.ts, orders.ts, partners.ts, users.ts, webhooks.ts …); this file
// assembles them. The console imports only types from here (no body schema reaches its bundle): it
// never checks a body before sending it, the API does. It imports the queries (queries.ts) to write
// and read its URLs.
import type * as v from 'valibot';
import { checkWith } from './check.ts';
import { LEAD_BODIES, type LeadRoutes } from './leads.ts';
import type { DashboardRoutes } from './dashboard.ts';
import type { OrderRoutes } from './orders.ts';
import { PARTNER_BODIES, type PartnerRoutes } from './partners.ts';
import { USER_BODIES, type UserRoutes } from './users.ts';
import { NOTIFICATION_BODIES, type NotificationRoutes } from './notifications.ts';
import { WEBHOOK_BODIES, type WebhookRoutes } from './webhooks.ts';
import { TASK_BODIES, type TaskRoutes } from './tasks.ts';
import { PEOPLE_BODIES, type PeopleRoutes } from './people.ts';
import { DEAL_BODIES, type DealRoutes } from './deals.ts';
import { CONVERSATION_BODIES, type ConversationRoutes } from './conversations.ts';

export type { AdminBody } from './check.ts';
export type { ApiTime, KeysetPage, StatusCounts } from './common.ts';
export * from './queries.ts';
export * from './leads.ts';
export * from './dashboard.ts';
export * from './orders.ts';
export * from './partners.ts';
export * from './users.ts';
export * from './notifications.ts';
export * from './webhooks.ts';
export * from './tasks.ts';
export * from './people.ts';
export * from './deals.ts';
export * from './conversations.ts';

/**
 * Each route's answer, by 'METHOD path' (`:id`: the path's id), gathered from the resources'.
 * `undefined`: 204, or a file the console links to rather than reads.
 */
export interface AdminResponses
  extends
    LeadRoutes,
    DashboardRoutes,
    OrderRoutes,
    PartnerRoutes,
    UserRoutes,
    NotificationRoutes,
    WebhookRoutes,
    TaskRoutes,
    PeopleRoutes,
    DealRoutes,
    ConversationRoutes {}

/** The body of each route that reads one, by its name in {@link AdminResponses}. */
export const ADMIN_BODIES = {
  ...LEAD_BODIES,
  ...PARTNER_BODIES,
  ...USER_BODIES,
  ...NOTIFICATION_BODIES,
  ...WEBHOOK_BODIES,
  ...TASK_BODIES,
  ...PEOPLE_BODIES,
  ...DEAL_BODIES,
  ...CONVERSATION_BODIES,
};

/**
 * The bodies the API reads by hand, each for its reason: signing out takes any body, or none (a
 * sign-out should never fail on its body).
 */
interface AdminLooseBodies {
  'POST sign-out': { everywhere?: boolean };
}

/** The routes that read a body. */
export type AdminBodyRoute = keyof typeof ADMIN_BODIES;
/** What the console sends to route `K`. */
export type AdminRequest<K extends AdminRoute> = K extends AdminBodyRoute
  ? v.InferInput<(typeof ADMIN_BODIES)[K]['schema']>
  : K extends keyof AdminLooseBodies
    ? AdminLooseBodies[K]
    : undefined;
/** The body of route `K` once the API has checked it. */
export type AdminChecked<K extends AdminBodyRoute> = v.InferOutput<(typeof ADMIN_BODIES)[K]['schema']>;

/** What a refusal of route `K`'s body carries beside its English `errorMessage`: its code, the member a form marks, and the route's `extra` members. */
export type AdminRefusal<K extends AdminBodyRoute> = {
  code?: string;
  errors?: Record<string, string>;
} & ((typeof ADMIN_BODIES)[K] extends {
  extra: (...args: never[]) => infer X;
}
  ? X
  : unknown);

/** What a body check gives: the checked body, or the refusal's English message and its members (`code`, `errors`, extra ones). */
export type AdminBodyCheck<K extends AdminBodyRoute> =
  { ok: true; body: AdminChecked<K> } | { ok: false; message: string; details: AdminRefusal<K> };

/**
 * Checks `value` as route `route`'s body: the first refusal wins, with the code of its deepest
 * member that has one (`rules.mode` before `rules`, see {@link AdminBody}).
 */
export function checkAdminBody<K extends AdminBodyRoute>(route: K, value: unknown): AdminBodyCheck<K> {
  const checked = checkWith<AdminChecked<K>, AdminRefusal<K>>(ADMIN_BODIES[route], value);
  return checked.ok ? { ok: true, body: checked.value } : checked;
}

/** A route of the console's API. */
export type AdminRoute = keyof AdminResponses;
