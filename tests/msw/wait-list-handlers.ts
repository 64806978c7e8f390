import { http, HttpResponse } from 'msw';
import { held } from './held.ts';

/** Where the unit tests and stories point `api-base`. */
export const TEST_API = 'http://api.test/api';
/** A spreadsheet-script style endpoint for the `no-cors` transport. */
export const TEST_SHEET = 'http://sheet.test/exec';

/** The answers the wait-list API can give, shared by the unit tests and the stories. */
export const waitListHandlers = {
  accepted: http.post(`${TEST_API}/wait-list`, () => HttpResponse.json({ id: 'wl_1' }, { status: 201 })),
  serverError: http.post(`${TEST_API}/wait-list`, () => HttpResponse.json({ errorMessage: 'database unavailable' }, { status: 500 })),
  rateLimited: http.post(`${TEST_API}/wait-list`, () =>
    HttpResponse.json({ errorMessage: 'slow down' }, { status: 429, headers: { 'Retry-After': '1' } }),
  ),
  rejectedEmail: http.post(`${TEST_API}/wait-list`, () =>
    HttpResponse.json({ errorMessage: 'invalid', errors: { correo: 'email' } }, { status: 400 }),
  ),
  networkError: http.post(`${TEST_API}/wait-list`, () => HttpResponse.error()),
  /** Answers only once the test is over (held.ts): the widget stays in its sending state. */
  pending: http.post(`${TEST_API}/wait-list`, async () => {
    await held();
    return HttpResponse.json({});
  }),
  /** An opaque answer, as a spreadsheet-script web endpoint gives to a no-cors request. */
  sheet: http.post(TEST_SHEET, () => new HttpResponse(null, { status: 302 })),
  /** The spreadsheet endpoint cannot be reached (a network failure; a no-cors request learns nothing else). */
  sheetDown: http.post(TEST_SHEET, () => HttpResponse.error()),
};
