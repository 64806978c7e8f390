import type { Lang } from '@obra/i18n';
import { serverText, type ServerMessage } from './messages.ts';

/**
 * What the `errorMessage` says: a message of server.json, written in the request's language, or a
 * fixed text for callers that are not visitors (the console's operators, Stripe, the admin CLI).
 */
export type ErrorText = ServerMessage | string;

/** An answer other than success, with the status and the `errorMessage` the client reads. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** What `errorMessage` says, translated when the answer is written (see `bodyIn`). */
  readonly text: ErrorText;
  /** The answer's members besides `errorMessage` (e.g. `errors`, `code`). */
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** Close the connection once the answer is written (the rest of the request is not read). */
  readonly close: boolean;
  constructor(
    status: number,
    text: ErrorText,
    extra: { body?: Record<string, unknown>; headers?: Record<string, string>; close?: boolean; cause?: unknown } = {},
  ) {
    // The log reads English whatever the caller's language; the cause (what failed behind a 5xx) goes to the log too.
    super(typeof text === 'string' ? text : serverText('en', text), { cause: extra.cause });
    this.status = status;
    this.text = text;
    this.body = { ...extra.body };
    this.headers = extra.headers ?? {};
    this.close = extra.close ?? false;
  }

  /** The answer's JSON body, its `errorMessage` in `lang`. */
  bodyIn(lang: Lang): Record<string, unknown> {
    return { errorMessage: typeof this.text === 'string' ? this.text : serverText(lang, this.text), ...this.body };
  }
}

/** A 400 naming the invalid fields, with their error keys in `errors` (what a widget marks). */
export const invalidFields = (errors: Record<string, string>, key: 'invalid' | 'invalidImage' | 'invalidAttribution' = 'invalid') =>
  new HttpError(400, { key, values: { fields: Object.keys(errors).join(', ') } }, { body: { errors } });
