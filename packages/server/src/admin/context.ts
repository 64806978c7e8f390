import type { IncomingMessage } from 'node:http';
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

/** The JSON object body of an admin call (at most 16 KiB), or a 400. */
export async function readObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { value } = await readJson(req, 16 * 1024);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'Send a JSON object.');
  return value as Record<string, unknown>;
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
export const NO_CONTENT: Reply = { status: 204, body: undefined };
