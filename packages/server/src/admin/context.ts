import type { IncomingMessage } from 'node:http';
import { checkAdminBody, type AdminBodyRoute, type AdminChecked, type AdminResponses, type AdminRoute } from '@obra/schema/admin-contract';
import { checkQuery, type AdminQuery, type AdminQueryChecked, type AdminQueryRoute, type QueryOutput } from '@obra/schema/admin-contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { readJson } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { AllowList } from '../partners/allow-list.ts';
import type { Reply } from '../routes/types.ts';
import type { Operator } from './auth.ts';
import type { Scope } from './filter.ts';

/** What an admin route gets: the request, the API's parts, the signed-in operator and the path's id. */
export interface AdminContext {
  req: IncomingMessage;
  url: URL;
  config: Config;
  db: Db;
  log: Logger;
  mailOutbox: MailOutbox;
  /** The CORS allow-list, to drop its cached partners' origins when an admin changes a partner. */
  allowList: AllowList;
  /** The webhook worker, to send at once what an admin queued. */
  operator: Operator;
  /** The id in the path (a lead's or a user's), already checked to be a UUID. */
  id: string;
  /** The time: what is due and overdue is judged by it (a test moves it). */
  now: () => Date;
}

/** An admin route. */
export type AdminHandler = (context: AdminContext) => Promise<Reply>;

/** What the server may put where the contract says T: a Date where it says a time (JSON writes it as ISO text). */
export type Sendable<T> = T extends string ? T | Date : T extends object ? { [K in keyof T]: Sendable<T[K]> } : T;

/** A reply whose body is the contract's answer of route `K`. */
export type RouteReply<K extends AdminRoute> = Omit<Reply, 'body'> & { body: Sendable<AdminResponses[K]> };

/** The handler of contract route `K`: its reply is `K`'s answer; with a body schema it gets the checked body, with a query's the checked query. */
export type RouteHandler<K extends AdminRoute> = (
  context: AdminContext &
    (K extends AdminBodyRoute ? { body: AdminChecked<K> } : unknown) &
    (K extends AdminQueryRoute ? { query: AdminQueryChecked<K> } : unknown),
) => Promise<RouteReply<K>>;

/** The JSON object body of an admin call (at most 16 KiB), or a 400. */
export async function readObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { value } = await readJson(req, 16 * 1024);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'Send a JSON object.');
  return value as Record<string, unknown>;
}

/**
 * The body of route `route` checked by its contract schema: 400 with the first refusal's message
 * and its code (ADMIN_BODIES), before anything is stored.
 */
export async function readBody<K extends AdminBodyRoute>(req: IncomingMessage, route: K): Promise<AdminChecked<K>> {
  const checked = checkAdminBody(route, await readObject(req));
  if (!checked.ok) throw new HttpError(400, checked.message, { body: checked.details });
  return checked.body;
}

/**
 * A query string checked by its contract schema (ADMIN_QUERIES, or the inbox's filter of a bulk
 * change): 400 with the first refusal's message, naming the parameter, before anything is read.
 */
export function readQuery<Q extends AdminQuery>(contract: Q, params: URLSearchParams): QueryOutput<Q> {
  const checked = checkQuery(contract, params);
  if (!checked.ok) throw new HttpError(400, checked.message, { body: checked.details });
  return checked.value;
}

/** The operator's view of the inbox filter: whose `me` is, their time zone, the time. */
export const scopeOf = ({ operator, now }: Pick<AdminContext, 'operator' | 'now'>): Scope => ({
  me: operator.id,
  timeZone: operator.timeZone,
  now: now(),
});

/** 403 unless the operator is an admin. */
export function requireAdmin(operator: Operator): void {
  if (operator.role !== 'admin') throw new HttpError(403, 'Only an admin may do this.', { body: { code: 'role' } });
}

/** 204, nothing to say. */
export const NO_CONTENT = { status: 204, body: undefined } as const satisfies Reply;
