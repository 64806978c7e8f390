import { act, fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SYSTEMS, EXTRAS, USES, ZONES } from '@obra/schema';
import { copy, designForm, openSection, type Lang, useApi } from './support/design-form.ts';

useApi();

describe('<obra-design-form> layout and fields', () => {
  it.each(['es', 'en'] as const)('shows the image panel and the sections in %s', async (lang: Lang) => {
    const c = copy(lang);
    const form = await designForm(`lang="${lang}"`);
    expect(form.screen.getByRole('heading', { name: c.title })).toBeTruthy();
    expect(form.screen.getByText(c.image.hint)).toBeTruthy();
    expect(form.screen.getByText(c.image.instruction)).toBeTruthy();
    // Stacked on a phone the sections are below the panel, side by side on its right: the text names no side.
    expect(c.image.instruction).not.toMatch(/derecha|izquierda|debajo|abajo|right|left|below/i);
    // The example is drawn inline (no image request), in the preview's 640×480 box.
    const example = form.screen.getByRole('img', { name: c.image.exampleAlt });
    expect(example.localName).toBe('svg');
    expect(example.getAttribute('viewBox')).toBe('0 0 640 480');
    expect(form.shadow.querySelector('.preview img')).toBeNull();
    // The first section (project) starts open, every other one closed.
    const expanded = Object.entries(c.sections).map(([key, name]) => [
      key,
      form.screen.getByRole('button', { name }).getAttribute('aria-expanded'),
    ]);
    expect(expanded).toEqual(Object.keys(c.sections).map((key) => [key, String(key === 'project')]));
    const bolts = form.screen.getAllByRole('button', { name: new RegExp(`^${c.generate} \\(`) });
    expect(bolts).toHaveLength(6);
    for (const bolt of bolts) expect(bolt.getAttribute('title')).toBe(c.generate);
  });

  it('opens and closes a section with its button (aria-expanded, hidden body)', async () => {
    const form = await designForm();
    const toggle = form.screen.getByRole('button', { name: 'Sistema constructivo' });
    const body = form.shadow.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect([toggle.getAttribute('aria-expanded'), body.hidden]).toEqual(['false', true]);
    await form.user.click(toggle);
    expect([toggle.getAttribute('aria-expanded'), body.hidden]).toEqual(['true', false]);
    await form.user.click(toggle);
    expect(body.hidden).toBe(true);
  });

  it("renders a section's fields when it first opens, and keeps them (and what was chosen) after it closes", async () => {
    const form = await designForm();
    const toggle = form.screen.getByRole('button', { name: 'Sistema constructivo' });
    const body = form.shadow.getElementById(toggle.getAttribute('aria-controls')!)!;
    // The first render builds only the open section: the others are empty until opened.
    expect(body.querySelectorAll('input')).toHaveLength(0);
    expect(form.shadow.querySelectorAll('input[name=estadoProyecto]').length).toBeGreaterThan(0);
    await form.user.click(toggle);
    expect(body.querySelectorAll('input[name=sistemaConstructivo]')).toHaveLength(CONSTRUCTION_SYSTEMS.length);
    const bambu = body.querySelector<HTMLInputElement>('input[value=bambu]')!;
    await form.user.click(bambu);
    await form.user.click(toggle);
    expect([body.hidden, body.querySelector<HTMLInputElement>('input[value=bambu]')]).toEqual([true, bambu]);
    expect(bambu.checked).toBe(true);
  });

  it.each([
    ['es', 'Máx. 5 dígitos'],
    ['en', 'Max. 5 digits'],
  ] as const)('dimension inputs are numbers of at most 5 digits, with the hint in %s', async (lang, hint) => {
    const form = await designForm(`lang="${lang}"`);
    await openSection(form, copy(lang).sections.dimensions);
    const inputs = [...form.shadow.querySelectorAll<HTMLInputElement>('.dimensions input')];
    expect(inputs.map((i) => [i.name, i.type])).toEqual(
      ['ancho', 'longitud', 'anchoEdificacion', 'largoEdificacion', 'altoEdificacion'].map((n) => [n, 'number']),
    );
    const ancho = inputs[0]!;
    expect(form.shadow.getElementById(ancho.getAttribute('aria-describedby')!)!.textContent).toBe(hint);
    await form.user.type(ancho, '1234567');
    expect(ancho.value).toBe('12345');
    await form.user.type(inputs[4]!, '12.5');
    expect(inputs[4]!.value).toBe('12.5');
  });

  it("enables the specific use only for 'other', with a 120-character counter", async () => {
    const form = await designForm();
    await openSection(form, 'Uso');
    expect(form.screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).name === 'uso')).toHaveLength(USES.length);
    const specific = form.screen.getByRole<HTMLInputElement>('textbox', { name: 'Describe el uso' });
    expect(specific.disabled).toBe(true);
    await form.user.click(form.screen.getByRole('radio', { name: 'Otro' }));
    expect(specific.disabled).toBe(false);
    expect(specific.maxLength).toBe(120);
    await form.user.type(specific, 'Capilla');
    expect(form.screen.getByText('7 de 120 caracteres')).toBeTruthy();
    await form.user.click(form.screen.getByRole('radio', { name: 'Vivienda' }));
    expect(specific.disabled).toBe(true);
  });

  it.each(['es', 'en'] as const)(
    'has the 10 construction systems in groups of 4, 3 and 3, each described for screen readers (%s)',
    async (lang) => {
      const c = copy(lang);
      const form = await designForm(`lang="${lang}"`);
      await openSection(form, c.sections.system);
      const groups = form.screen.getAllByRole('group').filter((g) => g.getAttribute('aria-labelledby')?.includes('-g'));
      expect(groups.map((g) => within(g).getAllByRole('radio').length)).toEqual([4, 3, 3]);
      for (const value of CONSTRUCTION_SYSTEMS) {
        const radio = form.screen.getByRole('radio', { name: c.sistema.options[value].label });
        const tip = form.shadow.getElementById(radio.getAttribute('aria-describedby')!)!;
        expect(tip.textContent).toBe(c.sistema.options[value].description);
      }
    },
  );

  it('shows the description of the hovered, else the focused, else the chosen system below the groups', async () => {
    const form = await designForm();
    await openSection(form, 'Sistema constructivo');
    const line = () => form.shadow.querySelector('.choice-description')!.textContent;
    const c = copy('es').sistema.options;
    expect(line()).toBe('');
    await form.user.click(form.screen.getByRole('radio', { name: 'Bambú' }));
    expect(line()).toBe(`Bambú: ${c.bambu.description}`);
    await act(async () => void fireEvent.mouseOver(form.screen.getByText('Modular')));
    expect(line()).toBe(`Modular: ${c.modular.description}`);
    await act(async () => void fireEvent.mouseOut(form.screen.getByText('Modular')));
    expect(line()).toBe(`Bambú: ${c.bambu.description}`);
    const tierra = form.screen.getByRole('radio', { name: 'Construcción en tierra' });
    await act(async () => tierra.focus());
    expect(line()).toBe(`Construcción en tierra: ${c.tierra.description}`);
    await act(async () => tierra.blur());
    expect(line()).toBe(`Bambú: ${c.bambu.description}`);
  });

  it.each([
    ['roof', 'Diseño de la cubierta', 5, 'Material de la cubierta', 4],
    ['facade', 'Tipo de muro', 4, 'Material de fachada o puertas', 4],
  ] as const)('the %s section has its two radio lists', async (section, first, n1, second, n2) => {
    const form = await designForm();
    await openSection(form, copy('es').sections[section]);
    expect(within(form.screen.getByRole('group', { name: first })).getAllByRole('radio')).toHaveLength(n1);
    expect(within(form.screen.getByRole('group', { name: second })).getAllByRole('radio')).toHaveLength(n2);
  });

  it('has the zones zone1..3 and the project status and stage', async () => {
    const form = await designForm('lang="en"');
    await openSection(form, 'Zone');
    expect(
      within(form.screen.getByRole('group', { name: 'Zone' }))
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual([...ZONES]);
    expect(within(form.screen.getByRole('group', { name: 'Project status' })).getAllByRole('radio')).toHaveLength(2);
    expect(within(form.screen.getByRole('group', { name: 'Project stage' })).getAllByRole('radio')).toHaveLength(5);
  });

  it('checkboxes add and remove values of otros', async () => {
    const form = await designForm();
    await openSection(form, 'Otros');
    const boxes = within(form.screen.getByRole('group', { name: 'Otros elementos' })).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((b) => b.value)).toEqual([...EXTRAS]);
    await form.user.click(boxes[0]!);
    await form.user.click(boxes[3]!);
    await form.user.click(boxes[0]!);
    expect(boxes.filter((b) => b.checked).map((b) => b.value)).toEqual([EXTRAS[3]]);
  });

  it('follows the page language at runtime', async () => {
    const form = await designForm();
    document.documentElement.lang = 'en';
    await new Promise((done) => setTimeout(done, 0));
    expect(await form.screen.findByRole('heading', { name: copy('en').title })).toBeTruthy();
  });
});
