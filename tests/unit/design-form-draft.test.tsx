import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, emptyDesign } from '@obra/design-form';
import { DRAFT_DELAY_MS } from '@obra/form';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import {
  designForm,
  fillPersonal,
  generate,
  GENERATED_URL,
  openDialogTitles,
  openModal,
  openSection,
  useApi,
} from './support/design-form.ts';
import { fakeClock } from './support/fake-clock.ts';

const server = useApi();

const KEY = `obra:design-form:${location.pathname}:0`;
const saved = () =>
  JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
    savedAt: number;
    draft: { values: typeof emptyDesign; generatedUrl: string };
  } | null;

describe('<obra-design-form> draft', () => {
  it('saves what was typed under a namespaced key and restores it in a new element', async () => {
    server.use(designFormHandlers.generated);
    const form = await designForm();
    await openSection(form, 'Uso');
    await form.user.click(form.screen.getByRole('radio', { name: 'Otro' }));
    await form.user.type(form.screen.getByRole('textbox', { name: 'Describe el uso' }), 'Capilla');
    await generate(form);
    await fillPersonal(form);
    await waitFor(() => expect(saved()?.draft.values.correo).toBe('ana@example.com'));
    expect(saved()?.draft).toMatchObject({
      values: { uso: 'other', usoEspecifico: 'Capilla', nombre: 'Ana Pérez' },
      generatedUrl: GENERATED_URL,
    });

    await act(async () => void (document.body.innerHTML = ''));
    const again = await designForm();
    await openSection(again, 'Uso');
    expect(again.screen.getByRole<HTMLInputElement>('radio', { name: 'Otro' }).checked).toBe(true);
    expect(again.screen.getByRole<HTMLInputElement>('textbox', { name: 'Describe el uso' }).value).toBe('Capilla');
    expect(again.shadow.querySelector('.preview img')!.getAttribute('src')).toBe(GENERATED_URL);
    expect((await openModal(again)).querySelector<HTMLInputElement>('[name=nombre]')!.value).toBe('Ana Pérez');
  });

  it('marks a restored dimension outside its bounds at its field, as if just typed', async () => {
    const values = { ...emptyDesign, uso: 'warehouse', altoEdificacion: '1000' };
    localStorage.setItem(KEY, JSON.stringify({ savedAt: Date.now(), draft: { values, generatedUrl: '', prompt: '' } }));
    const form = await designForm();
    await openSection(form, 'Dimensiones');
    expect(form.screen.getByLabelText('Alto de la edificación').getAttribute('aria-invalid')).toBe('true');
    expect(form.screen.getByText('Entre 2,4 m y 50 m para una bodega.')).toBeTruthy();
  });

  it('keys drafts by element id, and ignores drafts older than 7 days', async () => {
    const old = {
      savedAt: Date.now() - DRAFT_TTL_MS - 1000,
      draft: { values: { ...emptyDesign, nombre: 'Viejo' }, generatedUrl: '', prompt: '' },
    };
    localStorage.setItem(KEY, JSON.stringify(old));
    localStorage.setItem(`obra:design-form:${location.pathname}:home`, JSON.stringify({ ...old, savedAt: Date.now() }));
    const first = await designForm();
    expect((await openModal(first)).querySelector<HTMLInputElement>('[name=nombre]')!.value).toBe('');
    expect(localStorage.getItem(KEY)).toBeNull();
    const second = await designForm('id="home"');
    expect((await openModal(second)).querySelector<HTMLInputElement>('[name=nombre]')!.value).toBe('Viejo');
  });

  it('clears the draft after a successful send', async () => {
    server.use(designFormHandlers.generated, designFormHandlers.reported);
    const form = await designForm();
    await generate(form);
    const clock = fakeClock();
    await fillPersonal(form);
    await clock.advance(DRAFT_DELAY_MS);
    expect(saved()).not.toBeNull();
    await form.user.click(form.screen.getByRole('button', { name: 'Enviar reporte' }));
    await waitFor(() => expect(openDialogTitles(form)).toEqual(['Formulario enviado con éxito']));
    // Well past the draft's pause after the send (and the reset it causes): nothing writes it back.
    await clock.advance(2 * DRAFT_DELAY_MS);
    expect(saved()).toBeNull();
  });
});
