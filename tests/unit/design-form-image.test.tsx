import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPrompt, emptyDesign, isGeneratedImage } from '@obra/design-form';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { copy, designForm, generate, GENERATED_URL, openSection, record, TEST_API, useApi } from './support/design-form.ts';
import { HttpResponse } from 'msw';

const server = useApi();

const frame = { prefix: 'Realistic photo of a ', suffix: '. Contemporary style, natural daylight, urban environment.' };
const chosen = {
  ...emptyDesign,
  uso: 'other',
  usoEspecifico: 'Capilla',
  sistemaConstructivo: 'bambu',
  diseno: 'Doble pendiente',
  materialCubierta: 'Techo Ecologico',
  tipoFachada: 'Ventilada',
  materialFachada: 'Madera',
};

describe('image prompt', () => {
  it('describes the building in Spanish inside the translated frame', () => {
    expect(buildPrompt(chosen, frame)).toBe(
      'Realistic photo of a edificación de uso otro (Capilla), sistema constructivo bambú, cubierta doble pendiente de techo ecológico (verde), fachada ventilada de madera. Contemporary style, natural daylight, urban environment.',
    );
    expect(buildPrompt(emptyDesign, { prefix: 'Foto realista de ', suffix: '.' })).toBe('Foto realista de edificación.');
  });

  it('is trimmed and cut to 1000 characters', () => {
    const prompt = buildPrompt(chosen, { prefix: `   ${'x'.repeat(990)}`, suffix: ' end   ' });
    expect(prompt).toHaveLength(1000);
    expect(prompt.startsWith('x')).toBe(true);
    expect(buildPrompt(emptyDesign, { prefix: '  a ', suffix: ' b  ' })).toBe('a edificación b');
  });

  it.each([
    ['https://cdn.example/img.png', true],
    [`${TEST_API}/images/x.svg`, true],
    ['http://other.test/x.png', false],
    ['', false],
    ['data:image/svg+xml,abc', false],
  ])('%j counts as a generated image: %s (docs/contributors/behaviour.md#the-https-image-rule)', (url, ok) => {
    expect(isGeneratedImage(url, TEST_API)).toBe(ok);
  });
});

describe('<obra-design-form> image generation', () => {
  it('posts { prompt, spec }, shows a skeleton, then the image and an obra-image-generated event', async () => {
    const bodies = record(server, 'generate-image', () => HttpResponse.json({ url: GENERATED_URL }));
    const form = await designForm('lang="en"');
    const events: unknown[] = [];
    form.host.addEventListener('obra-image-generated', (e) => events.push((e as CustomEvent).detail));
    await openSection(form, 'Use');
    await form.user.click(form.screen.getByRole('radio', { name: 'Warehouse' }));
    await generate(form, 'en');
    expect(form.screen.getByRole('img', { name: copy('en').image.alt })).toBeTruthy();
    const prompt = 'Realistic photo of a edificación de uso bodega. Contemporary style, natural daylight, urban environment.';
    expect(bodies).toEqual([{ prompt, spec: expect.objectContaining({ uso: 'warehouse', diseno: '', ancho: '' }) }]);
    expect(Object.keys((bodies[0] as { spec: object }).spec).sort()).toEqual([
      'altoEdificacion',
      'ancho',
      'anchoEdificacion',
      'diseno',
      'largoEdificacion',
      'longitud',
      'materialCubierta',
      'materialFachada',
      'sistemaConstructivo',
      'tipoFachada',
      'uso',
      'zona',
    ]);
    expect(events).toEqual([{ url: GENERATED_URL, prompt }]);
    expect(form.screen.getByText(copy('en').image.generated)).toBeTruthy();
  });

  it('ignores repeat requests while one runs (the skeleton is shown)', async () => {
    const bodies = record(server, 'generate-image', () => new Promise<Response>(() => undefined) as unknown as Response);
    const form = await designForm();
    await openSection(form, 'Zona');
    const bolt = form.screen.getByRole('button', { name: 'Generar imagen (Zona)' });
    const fetches = vi.spyOn(globalThis, 'fetch');
    await form.user.click(bolt);
    await form.user.click(bolt);
    await form.user.click(form.screen.getByRole('button', { name: 'Generar imagen (Dimensiones)' }));
    // A click's generation calls fetch at once (no timer in between): once user-event has
    // returned from the three clicks, the requests there will ever be were started.
    expect(fetches).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(form.screen.getByRole('img', { name: copy('es').image.generating })).toBeTruthy();
    expect(form.shadow.querySelector('.preview img')).toBeNull();
    expect(bolt.getAttribute('aria-disabled')).toBe('true');
  });

  it.each([
    ['a non-OK status', designFormHandlers.generateFailed, copy('es').image.log.notOk],
    ['an answer without url', designFormHandlers.generateNoUrl, copy('es').image.log.noUrl],
  ])(
    'on %s shows the example image again, and logs the message of docs/contributors/behaviour.md#errors only with debug',
    async (_case, handler, message) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(handler);
      const quiet = await designForm();
      await openSection(quiet, 'Uso');
      await quiet.user.click(quiet.screen.getByRole('button', { name: 'Generar imagen (Uso)' }));
      await waitFor(() => expect(quiet.screen.getByText(copy('es').image.failed)).toBeTruthy());
      // The failure is shown right after it would be logged; React's own warnings here are not the widget's.
      expect(logged.mock.calls.filter(([first]) => first === '[obra-design-form]')).toEqual([]);
      quiet.host.remove();
      const form = await designForm('debug');
      const events: unknown[] = [];
      form.host.addEventListener('obra-image-generated', (e) => events.push(e));
      await openSection(form, 'Uso');
      await form.user.click(form.screen.getByRole('button', { name: 'Generar imagen (Uso)' }));
      await waitFor(() => expect(form.screen.getByText(copy('es').image.failed)).toBeTruthy());
      expect(form.screen.getByRole('img', { name: copy('es').image.exampleAlt }).localName).toBe('svg');
      expect(form.shadow.querySelector('.preview img')).toBeNull();
      expect(logged).toHaveBeenCalledWith('[obra-design-form]', message);
      expect(events).toEqual([]);
      // Back to idle: the next click asks again.
      server.use(designFormHandlers.generated);
      await form.user.click(form.screen.getByRole('button', { name: 'Generar imagen (Uso)' }));
      await waitFor(() => expect(form.shadow.querySelector('.preview img')!.getAttribute('src')).toBe(GENERATED_URL));
    },
  );

  it('shows the example image again when a later generation fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(designFormHandlers.generated);
    const form = await designForm();
    await generate(form);
    expect(form.screen.queryByRole('img', { name: copy('es').image.exampleAlt })).toBeNull();
    server.use(designFormHandlers.generateFailed);
    await form.user.click(form.screen.getByRole('button', { name: 'Generar imagen (Uso)' }));
    await waitFor(() => expect(form.screen.getByRole('img', { name: copy('es').image.exampleAlt }).localName).toBe('svg'));
    expect(form.shadow.querySelector('.preview img')).toBeNull();
  });
});
