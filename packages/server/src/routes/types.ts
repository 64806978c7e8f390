import type { Lang } from '@obra/schema';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Gazetteer } from '../gazetteer/index.ts';
import type { ImageProvider } from '../images/provider.ts';
import type { LeadStore } from '../lead-store.ts';
import type { Logger } from '../log.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { Site } from '../partners/site.ts';

/** What a route handler gets: the request and the API's shared parts. */
export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  config: Config;
  db: Db;
  gazetteer: Gazetteer;
  store: LeadStore;
  log: Logger;
  images: ImageProvider;
  mailOutbox: MailOutbox;
  /** The origin clients reach the API on (PUBLIC_URL, else the request's scheme and Host). */
  origin: string;
  /** The page the request came from (its Origin) and whether it is an approved site. */
  site: Site;
  /** The visitor's language (Accept-Language: the widgets send theirs). */
  lang: Lang;
  /** The caller as the limits count it: an IPv4 address or an IPv6 /64 (http/rate-limit.ts). */
  client: string;
}

/** What a route handler answers; errors are thrown as HttpError. */
export interface Reply {
  status: number;
  body: unknown;
  /** A non-JSON body (an image), written as is with the reply's headers. */
  raw?: Uint8Array | string;
  /** Extra headers; a list is sent as several headers of that name (Set-Cookie). */
  headers?: Record<string, string | string[]>;
  /** Extra fields for the request's log line (e.g. the stored id). */
  log?: Record<string, unknown>;
}

/** A route handler. */
export type Handler = (context: RouteContext) => Promise<Reply>;
