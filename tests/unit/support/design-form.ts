// Helpers for the <obra-design-form> component tests: mounting with msw, and the visitor's steps.
import { waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import '@obra/design-form/register';
import { designFormCatalogues } from '@obra/design-form';
import { GENERATED_URL, TEST_API } from '../../msw/design-form-handlers.ts';
import { mount, paste, visitor } from './mount.ts';

export type Lang = 'es' | 'en';
export const copy = (lang: Lang) => designFormCatalogues[lang].designForm;

/** An msw server for one test file: unhandled requests fail, and every test starts without a draft. */
export function useApi(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}

/** Mounts a design form pointed at the msw API. */
export async function designForm(attrs = '') {
  const mounted = await mount(`<obra-design-form api-base="${TEST_API}" ${attrs}></obra-design-form>`);
  return { ...mounted, user: visitor() };
}

export type Form = Awaited<ReturnType<typeof designForm>>;

/** Records the bodies POSTed to `path` and answers with `answer`. */
export function record(server: SetupServer, path: string, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${TEST_API}/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** Opens a section by its title (if closed). */
export async function openSection(form: Form, title: string) {
  const toggle = form.screen.getByRole('button', { name: title });
  if (toggle.getAttribute('aria-expanded') !== 'true') await form.user.click(toggle);
}

/** Chooses a place in the location field (the msw server must answer the search: designFormHandlers.places). */
export async function chooseLocation(form: Form, lang: Lang, query: string, label: string) {
  await openSection(form, copy(lang).sections.location);
  await form.user.type(form.screen.getByRole('combobox', { name: new RegExp(copy(lang).sections.location, 'i') }), query);
  await form.user.click(await form.screen.findByRole('option', { name: label }));
}

/** Clicks the first lightning button and waits for the generated image. */
export async function generate(form: Form, lang: Lang = 'es') {
  await openSection(form, copy(lang).sections.use);
  await form.user.click(form.screen.getAllByRole('button', { name: new RegExp(`^${copy(lang).generate}`) })[0]!);
  await waitFor(() => expect(form.shadow.querySelector('.preview img')?.getAttribute('src')).toBe(GENERATED_URL));
}

/** The personal data a valid report carries. */
export const PERSON = {
  nombre: 'Ana Pérez',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  correo: 'ana@example.com',
  telefono: '+57 300 1234567',
};

/** Opens the personal-data modal (its fields exist from its first opening on). */
export async function openModal(form: Form, lang: Lang = 'es') {
  await form.user.click(form.screen.getByRole('button', { name: copy(lang).open }));
  const modal = form.shadow.querySelector<HTMLDialogElement>('dialog.modal')!;
  await waitFor(() => expect(modal.open).toBe(true));
  return modal;
}

/** Opens the modal and fills every personal field (pasted: the tests about typing type). */
export async function fillPersonal(form: Form, lang: Lang = 'es') {
  const modal = await openModal(form, lang);
  for (const name of ['nombre', 'pais', 'departamento', 'ciudad', 'correo'] as const) {
    const input = modal.querySelector<HTMLInputElement>(`[name=${name}]`)!;
    await paste(form.user, input, PERSON[name]);
  }
  const phone = modal.querySelector<HTMLInputElement>('[name=telefono]')!;
  await paste(form.user, phone, '300 123 4567');
  return modal;
}

/** Open <dialog>s other than the personal-data modal and the overlay, by title. */
export const openDialogTitles = (form: Form) =>
  [...form.shadow.querySelectorAll<HTMLDialogElement>('dialog.dialog')]
    .filter((d) => d.open)
    .map((d) => d.querySelector('h2')!.textContent);

export { GENERATED_URL, TEST_API };
