import { ApiError } from '@obra/api';

/** The translated fallbacks of docs/contributors/behaviour.md#errors for a failed send. */
export interface FailureTexts {
  /** The server refused without an `errorMessage` (form.error.submitError). */
  submitError: string;
  /** Not even an Error was thrown (form.error.generic). */
  generic: string;
  /** The server could not be reached (api.network): better advice than the browser's "Failed to fetch". */
  network: string;
  /** The server did not answer in time (api.timeout). */
  timeout: string;
}

/**
 * The text of a failed send (docs/contributors/behaviour.md#errors): the server's `errorMessage`, else `submitError`; an
 * unreachable server gets the network advice; an error raised before any answer its own message;
 * a thrown value that is not an Error the generic text.
 */
export function failureMessage(cause: unknown, texts: FailureTexts): string {
  if (!(cause instanceof Error)) return texts.generic;
  if (!(cause instanceof ApiError)) return cause.message || texts.generic;
  if (cause.key === 'api.network') return texts.network;
  if (cause.key === 'api.timeout') return texts.timeout;
  return (cause.status === undefined ? cause.message : cause.serverMessage) || texts.submitError;
}
