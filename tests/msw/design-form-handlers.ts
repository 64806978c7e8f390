import { http, HttpResponse } from 'msw';
import { held } from './held.ts';
import { TEST_API } from './wait-list-handlers.ts';

export { TEST_API };

/** A generated image on the API origin (http counts there: docs/contributors/behaviour.md#the-https-image-rule). */
export const GENERATED_URL = `${TEST_API}/images/render-1.svg`;

/** Places the location search answers with (docs/contributors/behaviour.md#location-search-result). */
export const PLACES = [
  { Place: { Label: 'Medellín, Antioquia, Colombia', Country: 'Colombia', Region: 'Antioquia', Municipality: 'Medellín' } },
  { Place: { Label: 'Medellín de Bravo, Veracruz, México', Country: 'México', Region: 'Veracruz', Municipality: 'Medellín de Bravo' } },
  { Place: { Label: 'Colombia', Country: 'Colombia' } },
];

// An image the stories can show without a server: a small drawing, as the embedded generator makes.
export const RENDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><rect width="640" height="480" fill="#dbeafe"/><rect y="380" width="640" height="100" fill="#a3a3a3"/><path d="M140 220 320 110l180 110z" fill="#0f766e"/><rect x="160" y="218" width="320" height="164" fill="#fafaf9" stroke="#57534e" stroke-width="4"/><rect x="290" y="300" width="60" height="82" fill="#1e3a8a"/></svg>';

/** The answers of the design-form calls, shared by the unit tests and the stories. */
export const designFormHandlers = {
  generated: http.post(`${TEST_API}/generate-image`, () => HttpResponse.json({ url: GENERATED_URL })),
  generateFailed: http.post(`${TEST_API}/generate-image`, () => HttpResponse.json({ errorMessage: 'provider down' }, { status: 502 })),
  generateNoUrl: http.post(`${TEST_API}/generate-image`, () => HttpResponse.json({ id: 'img_1' })),
  /** Answers only once the test is over (held.ts): the preview stays a skeleton. */
  generatePending: http.post(`${TEST_API}/generate-image`, async () => {
    await held();
    return HttpResponse.json({});
  }),
  image: http.get(GENERATED_URL, () => new HttpResponse(RENDER_SVG, { headers: { 'Content-Type': 'image/svg+xml' } })),
  places: http.get(`${TEST_API}/location`, ({ request }) => {
    const query = new URL(request.url).searchParams.get('query')?.toLowerCase() ?? '';
    return HttpResponse.json(PLACES.filter(({ Place }) => Place.Label.toLowerCase().includes(query)));
  }),
  locationFailed: http.get(`${TEST_API}/location`, () => HttpResponse.json({ errorMessage: 'gazetteer down' }, { status: 500 })),
  reported: http.post(`${TEST_API}/form-report`, () => HttpResponse.json({ id: 'rep_1' }, { status: 201 })),
  reportFailed: http.post(`${TEST_API}/form-report`, () =>
    HttpResponse.json({ errorMessage: 'El servicio de correo no responde.' }, { status: 502 }),
  ),
  reportFailedSilently: http.post(`${TEST_API}/form-report`, () => HttpResponse.json({}, { status: 500 })),
  reportNetworkError: http.post(`${TEST_API}/form-report`, () => HttpResponse.error()),
  reportPending: http.post(`${TEST_API}/form-report`, async () => {
    await held();
    return HttpResponse.json({});
  }),
};
