import { http, HttpResponse } from 'msw';
import { held } from './held.ts';
import { TEST_API } from './wait-list-handlers.ts';

export { TEST_API };

/** Where the partner registration goes, with the api-base the unit tests and stories use. */
export const PARTNER_URL = `${TEST_API}/partner`;

/** The answers the partner API can give, shared by the unit tests and the stories. */
export const partnerHandlers = {
  accepted: http.post(PARTNER_URL, () => HttpResponse.json({ id: 'pr_1' }, { status: 201 })),
  serverError: http.post(PARTNER_URL, () =>
    HttpResponse.json({ errorMessage: 'Error en el servidor. Por favor, intenta de nuevo.' }, { status: 500 }),
  ),
  networkError: http.post(PARTNER_URL, () => HttpResponse.error()),
  /** Answers only once the test is over (held.ts): the widget stays in its sending state. */
  pending: http.post(PARTNER_URL, async () => {
    await held();
    return HttpResponse.json({});
  }),
  /** The server's own validation turned down two fields (keys of the `common` catalogue). */
  rejected: http.post(PARTNER_URL, () =>
    HttpResponse.json({ errorMessage: 'invalid', errors: { correo: 'email', telefono: 'phone' } }, { status: 400 }),
  ),
};
