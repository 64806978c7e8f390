/** An answer other than success, with the status and the `errorMessage` the client reads. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** Close the connection once the answer is written (the rest of the request is not read). */
  readonly close: boolean;
  constructor(status: number, errorMessage: string, extra: { body?: Record<string, unknown>; headers?: Record<string, string>; close?: boolean } = {}) {
    super(errorMessage);
    this.status = status;
    this.body = { errorMessage, ...extra.body };
    this.headers = extra.headers ?? {};
    this.close = extra.close ?? false;
  }
}
