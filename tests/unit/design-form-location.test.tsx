import { act, fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { emptyDesign } from '@obra/design-form';
import { guessCountry } from '@obra/ui';
import { designFormHandlers, PLACES } from '../msw/design-form-handlers.ts';
import { copy, designForm, fillPersonal, generate, openSection, record, TEST_API, type Form, useApi } from './support/design-form.ts';
import { fakeClock } from './support/fake-clock.ts';

const server = useApi();

/** Answers the location search and records each query string. */
function recordSearches() {
  const queries: string[] = [];
  server.use(
    http.get(`${TEST_API}/location`, ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const query = url.searchParams.get('query')!.toLowerCase();
      return HttpResponse.json(PLACES.filter(({ Place }) => Place.Label.toLowerCase().includes(query)));
    }),
  );
  return queries;
}

async function locationInput(form: Form) {
  await openSection(form, form.host.getAttribute('lang') === 'en' ? 'Location' : 'Ubicación');
  return form.screen.getByRole<HTMLInputElement>('combobox', { name: /ubicación|location/i });
}

const options = (form: Form) => form.screen.queryAllByRole('option').map((o) => o.textContent);

describe('<obra-design-form> location autocomplete', () => {
  it('searches only above 2 characters, debounced, with the language, and clears otherwise', async () => {
    const queries = recordSearches();
    const form = await designForm('lang="en"');
    const input = await locationInput(form);
    const clock = fakeClock();
    await form.user.type(input, 'Me');
    // Well past the 250 ms debounce: two characters never search.
    await clock.advance(1_000);
    expect(queries).toEqual([]);
    await form.user.type(input, 'd');
    await waitFor(() => expect(options(form)).toEqual([PLACES[0]!.Place.Label, PLACES[1]!.Place.Label]));
    expect(queries).toEqual(['?query=Med&lang=en']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await form.user.type(input, 'ellín');
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toBe(`?query=${encodeURIComponent('Medellín')}&lang=en`);
    await form.user.type(input, '{Backspace}'.repeat(6));
    await waitFor(() => expect(options(form)).toEqual([]));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses by keyboard: arrows move aria-activedescendant, Enter fills pais, departamento and ciudad', async () => {
    server.use(designFormHandlers.places);
    const form = await designForm();
    const input = await locationInput(form);
    await form.user.type(input, 'Medel');
    await waitFor(() => expect(options(form)).toHaveLength(2));
    await form.user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const active = form.shadow.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect([active.textContent, active.getAttribute('aria-selected')]).toEqual([PLACES[0]!.Place.Label, 'true']);
    await form.user.keyboard('{ArrowUp}{Enter}');
    expect(input.value).toBe(PLACES[1]!.Place.Label);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await form.user.click(form.screen.getByRole('button', { name: 'Solicitar reporte por correo' }));
    const value = (name: string) => form.shadow.querySelector<HTMLInputElement>(`dialog [name=${name}]`)!.value;
    expect([value('pais'), value('departamento'), value('ciudad')]).toEqual(['México', 'Veracruz', 'Medellín de Bravo']);
  });

  it('fills departamento and ciudad with empty strings when the place has none, and Esc closes the list', async () => {
    server.use(designFormHandlers.places);
    const form = await designForm();
    const input = await locationInput(form);
    await form.user.type(input, 'Colombia');
    await waitFor(() => expect(options(form)).toEqual(['Medellín, Antioquia, Colombia', 'Colombia']));
    await form.user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await form.user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await form.user.click(form.screen.getByRole('option', { name: 'Colombia' }));
    expect(form.screen.getByText('Ubicación: Colombia')).toBeTruthy();
  });

  it('keeps the suggestions when a search fails, and logs it only with debug', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // "Medel" finds two places; "Medell" fails on the server.
    server.use(
      http.get(`${TEST_API}/location`, ({ request }) =>
        new URL(request.url).searchParams.get('query') === 'Medell'
          ? HttpResponse.json({ errorMessage: 'gazetteer down' }, { status: 500 })
          : HttpResponse.json(PLACES.filter(({ Place }) => Place.Label.startsWith('Medel'))),
      ),
    );
    const search = async (form: Form) => {
      const input = await locationInput(form);
      await form.user.type(input, 'Medel');
      await waitFor(() => expect(options(form)).toHaveLength(2));
      await form.user.type(input, 'l');
    };
    // The form without `debug` fails first: once the one with `debug` has logged, only it has.
    const quiet = await designForm();
    await search(quiet);
    const form = await designForm('debug');
    await search(form);
    // React's own warnings in this test environment are not the widget's.
    const ours = () => logged.mock.calls.filter(([first]) => first === '[obra-design-form]');
    await waitFor(() => expect(ours()).not.toEqual([]));
    expect(options(form)).toHaveLength(2);
    expect(ours()).toEqual([['[obra-design-form]', 'location search failed:', expect.any(String)]]);
  });
});

describe('<obra-design-form> phone input', () => {
  async function openModal(form: Form) {
    await form.user.click(form.screen.getByRole('button', { name: /Solicitar reporte|Request the report/ }));
    return form.shadow.querySelector<HTMLInputElement>('[name=telefono]')!;
  }

  it('defaults to Colombia (+57), prefixes typed digits and keeps at most 15 digits', async () => {
    const form = await designForm();
    const phone = await openModal(form);
    expect(form.screen.getByRole('button', { name: /^CO \+57, país del número: Colombia/ })).toBeTruthy();
    await form.user.type(phone, '3001234567');
    expect(phone.value).toBe('+57 3001234567');
    await form.user.type(phone, '123456');
    expect(phone.value.replace(/\D/g, '')).toHaveLength(15);
  });

  it('guesses the country from a typed dial code (+34 → Spain, the longest prefix wins)', async () => {
    const form = await designForm('lang="en"');
    const phone = await openModal(form);
    await form.user.type(phone, '+34 600 123 456');
    expect(form.screen.getByRole('button', { name: "ES +34, number's country: Spain" })).toBeTruthy();
    expect([
      guessCountry('+1 212 555', 'CO')?.code,
      guessCountry('+1 416', 'CA')?.code,
      guessCountry('+593 9', 'CO')?.code,
      guessCountry('300', 'CO'),
    ]).toEqual(['US', 'CA', 'EC', undefined]);
  });

  it('chooses a country from the searchable list by keyboard (search debounced), replacing the dial code', async () => {
    const form = await designForm();
    const phone = await openModal(form);
    await form.user.type(phone, '3001234567');
    await form.user.click(form.screen.getByRole('button', { name: /país del número/ }));
    const search = form.screen.getByRole('combobox', { name: 'Buscar país' });
    expect(form.shadow.activeElement).toBe(search);
    const clock = fakeClock();
    await form.user.type(search, 'españ');
    // The 250 ms debounce: within it the list is still whole, past it only Spain is left.
    await clock.advance(200);
    expect(form.screen.getAllByRole('option').length).toBeGreaterThan(100);
    await clock.advance(100);
    expect(form.screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['España +34']);
    await form.user.keyboard('{Enter}');
    expect(phone.value).toBe('+34 3001234567');
    expect(form.screen.queryByRole('listbox', { name: 'Países' })).toBeNull();
    expect((form.shadow.activeElement as HTMLElement).getAttribute('aria-label')).toBe('ES +34, país del número: España');
  });

  const countryButton = (form: Form) => form.shadow.querySelector<HTMLButtonElement>('.country-button')!;
  /** Replaces what a field of the modal holds at once (as autofill does). */
  const retype = (input: HTMLInputElement, value: string) => {
    act(() => void fireEvent.input(input, { target: { value } }));
  };
  const setPais = (form: Form, pais: string) => retype(form.shadow.querySelector<HTMLInputElement>('dialog [name=pais]')!, pais);

  it("follows the location's country (typed digits get its code) until the visitor picks one, which then sticks", async () => {
    const form = await designForm();
    const phone = await openModal(form);
    setPais(form, 'México');
    expect(countryButton(form).textContent).toBe('MX +52');
    await form.user.type(phone, '33 1234 5678');
    expect(phone.value).toBe('+52 33 1234 5678');
    // Another location re-prefixes a number whose country was only inferred.
    setPais(form, 'United States of America');
    expect([countryButton(form).textContent, phone.value]).toEqual(['US +1', '+1 33 1234 5678']);
    setPais(form, 'España');
    expect([countryButton(form).textContent, phone.value]).toEqual(['ES +34', '+34 33 1234 5678']);
    // The visitor's own pick: a new location no longer moves it.
    await form.user.click(countryButton(form));
    await form.user.type(form.screen.getByRole('combobox', { name: 'Buscar país' }), 'méxi');
    await waitFor(() => expect(form.screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['México +52']));
    await form.user.keyboard('{Enter}');
    expect(phone.value).toBe('+52 33 1234 5678');
    setPais(form, 'Argentina');
    expect([countryButton(form).textContent, phone.value]).toEqual(['MX +52', '+52 33 1234 5678']);
  });

  it('a number put back from a draft keeps the code it was typed with, and a new location leaves it', async () => {
    const values = { ...emptyDesign, pais: 'México', telefono: '+57 300 123 4567' };
    localStorage.setItem(
      `obra:design-form:${location.pathname}:0`,
      JSON.stringify({ savedAt: Date.now(), draft: { values, generatedUrl: '', prompt: '' } }),
    );
    const form = await designForm();
    const phone = await openModal(form);
    expect([countryButton(form).textContent, phone.value]).toEqual(['CO +57', '+57 300 123 4567']);
    setPais(form, 'Perú');
    expect([countryButton(form).textContent, phone.value]).toEqual(['CO +57', '+57 300 123 4567']);
  });

  it('a dial code the visitor types is their pick too: the location then leaves it', async () => {
    const form = await designForm();
    const phone = await openModal(form);
    setPais(form, 'Chile');
    await form.user.type(phone, '+55 11 91234-5678');
    expect(countryButton(form).textContent).toBe('BR +55');
    setPais(form, 'Perú');
    expect([countryButton(form).textContent, phone.value]).toEqual(['BR +55', '+55 11 91234-5678']);
  });

  it.each([
    ['es', 'Este número no es válido para México (+52): revisa los dígitos o elige su país con el botón.'],
    ['en', 'This number is not valid for Mexico (+52): check its digits, or pick its country with the button.'],
  ] as const)(
    'marks a number that does not exist at the field, in %s, and sends nothing; a valid one goes out in international form',
    async (lang, message) => {
      server.use(designFormHandlers.generated);
      const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
      const form = await designForm(`lang="${lang}"`);
      await generate(form, lang);
      const modal = await fillPersonal(form, lang);
      setPais(form, 'México');
      const phone = modal.querySelector<HTMLInputElement>('[name=telefono]')!;
      retype(phone, '');
      await form.user.type(phone, '33 1234 567');
      await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
      const error = await waitFor(() => {
        const shown = modal.querySelector('.phone .error');
        expect(shown?.textContent).toBe(message);
        return shown!;
      });
      expect(phone.getAttribute('aria-invalid')).toBe('true');
      expect(phone.getAttribute('aria-describedby')).toContain(error.id);
      expect(form.shadow.activeElement).toBe(phone);
      expect([modal.open, bodies]).toEqual([true, []]);
      // Corrected, the number is sent with its country's code, in international form.
      await form.user.type(phone, '8');
      expect(modal.querySelector('.phone .error')).toBeNull();
      await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ pais: 'México', telefono: '+52 33 1234 5678' });
    },
  );

  it('marks the other fields the schema refuses with the refused number, in one go, and focuses the first of them', async () => {
    server.use(designFormHandlers.generated);
    const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
    const form = await designForm('lang="en"');
    await generate(form, 'en');
    const modal = await fillPersonal(form, 'en');
    setPais(form, 'México');
    const nombre = modal.querySelector<HTMLInputElement>('[name=nombre]')!;
    retype(nombre, '');
    const phone = modal.querySelector<HTMLInputElement>('[name=telefono]')!;
    retype(phone, '');
    await form.user.type(phone, '33 1234 567');
    await form.user.click(form.screen.getByRole('button', { name: copy('en').modal.submit }));
    await waitFor(() => expect(modal.querySelector('.phone .error')?.textContent).toMatch(/^This number is not valid for Mexico/));
    await waitFor(() => expect(form.shadow.activeElement).toBe(nombre));
    expect(nombre.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect([modal.open, bodies]).toEqual([true, []]);
  });
});
