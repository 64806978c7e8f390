import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, generateImage, searchLocation, sendFormReport } from '@obra/api';
import { emptyDesign } from '@obra/design-form';
import { PLACES } from '../msw/design-form-handlers.ts';
import { TEST_API, useApi } from './support/design-form.ts';

const server = useApi();
const spec = {
  uso: '',
  sistemaConstructivo: '',
  diseno: '',
  tipoFachada: '',
  materialCubierta: '',
  materialFachada: '',
  zona: '',
  ancho: '',
  longitud: '',
  anchoEdificacion: '',
  largoEdificacion: '',
  altoEdificacion: '',
} as const;

describe('design-form API calls', () => {
  it('searchLocation sends query and lang, and keeps only well-formed places', async () => {
    server.use(
      http.get(`${TEST_API}/location`, ({ request }) => {
        expect(new URL(request.url).search).toBe('?query=San%20Jos%C3%A9&lang=en');
        return HttpResponse.json([...PLACES.slice(0, 1), { Place: { Label: 42 } }, null]);
      }),
    );
    expect(await searchLocation('San José', 'en', { apiBase: `${TEST_API}/` })).toEqual([PLACES[0]!.Place]);
  });

  it('generateImage resolves a relative url against the API, and names the failures of docs/contributors/behaviour.md#errors', async () => {
    server.use(http.post(`${TEST_API}/generate-image`, () => HttpResponse.json({ url: '/api/images/a.svg' })));
    expect(await generateImage({ prompt: 'p', spec }, { apiBase: TEST_API })).toBe('http://api.test/api/images/a.svg');
    server.use(http.post(`${TEST_API}/generate-image`, () => HttpResponse.json({ url: '  ' })));
    await expect(generateImage({ prompt: 'p', spec }, { apiBase: TEST_API })).rejects.toMatchObject({
      key: 'api.unexpected',
      status: undefined,
    });
    server.use(http.post(`${TEST_API}/generate-image`, () => new HttpResponse('busy', { status: 503 })));
    await expect(generateImage({ prompt: 'p', spec }, { apiBase: TEST_API })).rejects.toMatchObject({
      key: 'api.server',
      status: 503,
    });
  });

  it("sendFormReport sends the Idempotency-Key and raises the server's errorMessage", async () => {
    const report = {
      ...emptyDesign,
      nombre: 'Ana',
      pais: 'Colombia',
      departamento: 'Antioquia',
      ciudad: 'Medellín',
      correo: 'ana@example.com',
      telefono: '+57 3001234567',
      imageUrl: 'https://x.test/a.svg',
      prompt: 'p',
    };
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/form-report`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ errorMessage: 'Correo rechazado', errors: { correo: 'email' } }, { status: 400 });
      }),
    );
    const error = await sendFormReport(report as never, { apiBase: TEST_API, idempotencyKey: 'k-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ key: 'api.invalid', message: 'Correo rechazado', fields: { correo: 'email' } });
    expect(keys).toEqual(['k-1']);
  });
});
