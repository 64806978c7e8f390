import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@obra/marketplace/marketplace/register';
import { createMarketplaceStore, pageCount } from '@obra/marketplace';
import { mount, visitor } from './support/mount.ts';

async function widget(attrs = '') {
  const mounted = await mount(`<obra-marketplace ${attrs}></obra-marketplace>`);
  const { shadow, screen } = mounted;
  return {
    ...mounted,
    user: visitor(),
    input: () => screen.getByRole<HTMLInputElement>('combobox'),
    listbox: () => shadow.querySelector<HTMLElement>('[role=listbox]')!,
    options: () => [...shadow.querySelectorAll<HTMLElement>('[role=option]')].map((o) => o.querySelector('.option-name')!.textContent),
    cards: () => [...shadow.querySelectorAll('.software-card h3')].map((h) => h.textContent),
    current: () => shadow.querySelector('[aria-current=page]')?.textContent ?? null,
    status: () => shadow.querySelector('[role=status]')!.textContent,
  };
}
type Widget = Awaited<ReturnType<typeof widget>>;

const PAGE_1 = ['AutoCAD', 'Revit', 'SketchUp', 'Archicad', 'Rhino', 'Lumion'];
const PAGE_2 = ['Enscape', 'V-Ray', 'Blender', 'Twinmotion'];
const RENDER = ['Lumion', 'Enscape', 'V-Ray', 'Blender'];

// user.clear() checks document.activeElement, which a shadow root retargets to the host.
const clear = (w: Widget) => w.user.type(w.input(), '{Backspace}'.repeat(w.input().value.length || 1));
// Keys go to the input itself: user.keyboard() would send them to the focused host element.
const keys = (w: Widget, text: string) => w.user.type(w.input(), text, { skipClick: true });

const search = async (w: Widget, text: string) => {
  await clear(w);
  await w.user.type(w.input(), text);
  await w.user.click(w.screen.getByRole('button', { name: /^(Buscar|Search)$/ }));
};
const toPage2 = (w: Widget, lang: 'es' | 'en' = 'es') =>
  w.user.click(w.screen.getByRole('button', { name: lang === 'es' ? 'Página 2' : 'Page 2' }));

describe('<obra-marketplace> grid and pages', () => {
  it('shows six cards per page in file order, in Spanish by default and English by attribute', async () => {
    const es = await widget();
    expect(es.screen.getByRole('heading', { level: 2, name: 'Catálogo de software' })).toBeTruthy();
    expect(es.cards()).toEqual(PAGE_1);
    expect(es.screen.getByText('Diseño asistido por computadora (CAD)')).toBeTruthy();
    const en = await widget('lang="en"');
    expect(en.screen.getByRole('heading', { level: 2, name: 'Software catalogue' })).toBeTruthy();
    expect(en.screen.getByText('Computer-aided design (CAD)')).toBeTruthy();
    await toPage2(en, 'en');
    expect(en.cards()).toEqual(PAGE_2);
  });

  it('has previous/next arrows and numbered buttons that keep the page within 1..count', async () => {
    const w = await widget();
    const previous = w.screen.getByRole('button', { name: 'Página anterior' });
    const next = w.screen.getByRole('button', { name: 'Página siguiente' });
    expect(w.current()).toBe('1');
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await w.user.click(previous);
    expect([w.current(), w.cards()]).toEqual(['1', PAGE_1]);
    await w.user.click(next);
    expect([w.current(), w.cards()]).toEqual(['2', PAGE_2]);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(previous.getAttribute('aria-disabled')).toBe('false');
    await w.user.click(next);
    expect(w.current()).toBe('2');
    await w.user.click(w.screen.getByRole('button', { name: 'Página 1' }));
    expect([w.current(), w.cards()]).toEqual(['1', PAGE_1]);
    await w.user.click(w.screen.getByRole('button', { name: 'Página 2' }));
    await w.user.click(previous);
    expect(w.current()).toBe('1');
  });

  it('clamps a page outside 1..count in the store', () => {
    const store = createMarketplaceStore();
    const pages = pageCount(10);
    expect(pages).toBe(2);
    expect(pageCount(0)).toBe(1);
    store.getState().goTo(5, pages);
    expect(store.getState().page).toBe(2);
    store.getState().goTo(0, pages);
    expect(store.getState().page).toBe(1);
    store.getState().goTo(Number.NaN, pages);
    expect(store.getState().page).toBe(1);
  });

  it('links More to the host product page per language, or to the detail-href template', async () => {
    const more = (w: Widget, name: string) => w.shadow.querySelector(`.software-card:nth-child(${PAGE_1.indexOf(name) + 1}) a`)!;
    const es = await widget();
    expect(more(es, 'AutoCAD').getAttribute('href')).toBe('/es/producto/autocad');
    expect(es.screen.getByRole('link', { name: 'Ver más sobre AutoCAD' })).toBe(more(es, 'AutoCAD'));
    const en = await widget('lang="en"');
    expect(en.screen.getByRole('link', { name: 'More about Revit' }).getAttribute('href')).toBe('/en/product/revit');
    const custom = await widget('detail-href="https://partner.example/{lang}/software?s={slug}" lang="en"');
    expect(custom.screen.getByRole('link', { name: 'More about SketchUp' }).getAttribute('href')).toBe(
      'https://partner.example/en/software?s=sketchup',
    );
  });
});

describe('<obra-marketplace> search', () => {
  it('filters only when the search button applies the text: name or category, case- and accent-insensitive', async () => {
    const w = await widget();
    await w.user.type(w.input(), 'RENDERIZADO');
    expect(w.cards()).toEqual(PAGE_1);
    await w.user.click(w.screen.getByRole('button', { name: 'Buscar' }));
    expect(w.cards()).toEqual(RENDER);
    expect(w.shadow.querySelector('nav')).toBeNull();
    expect(w.status()).toBe('4 programas');
    await search(w, 'diseno');
    expect(w.cards()).toEqual(['AutoCAD']);
    await search(w, 'twin');
    expect(w.cards()).toEqual(['Twinmotion']);
  });

  it('submits with Enter when no suggestion is highlighted', async () => {
    const w = await widget('lang="en"');
    await w.user.type(w.input(), 'bim{Enter}');
    expect(w.cards()).toEqual(['Revit', 'Archicad']);
  });

  it('shows suggestions while the text is non-empty and has matches', async () => {
    const w = await widget();
    expect(w.input().getAttribute('aria-expanded')).toBe('false');
    expect(w.listbox().hidden).toBe(true);
    await w.user.type(w.input(), 'bim');
    expect(w.input().getAttribute('aria-expanded')).toBe('true');
    expect(w.input().getAttribute('aria-controls')).toBe(w.listbox().id);
    expect(w.options()).toEqual(['Revit', 'Archicad']);
    await w.user.type(w.input(), 'zzz');
    expect(w.input().getAttribute('aria-expanded')).toBe('false');
    expect(w.options()).toEqual([]);
    await clear(w);
    expect(w.listbox().hidden).toBe(true);
  });

  it('chooses a suggestion by keyboard: arrows move (wrapping), Enter applies it and goes to page 1', async () => {
    const w = await widget();
    await toPage2(w);
    await w.user.type(w.input(), 'render');
    await keys(w, '{ArrowDown}');
    const active = () => w.input().getAttribute('aria-activedescendant');
    const selected = () => w.shadow.querySelector('[aria-selected=true]');
    expect(active()).toBe(selected()!.id);
    expect(selected()!.textContent).toMatch(/^Lumion/);
    await keys(w, '{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selected()!.textContent).toMatch(/^Lumion/);
    await keys(w, '{ArrowUp}');
    expect(selected()!.textContent).toMatch(/^Blender/);
    await keys(w, '{Enter}');
    expect(w.input().value).toBe('Blender');
    expect(w.input().getAttribute('aria-expanded')).toBe('false');
    expect(active()).toBeNull();
    expect(w.cards()).toEqual(['Blender']);
  });

  it('chooses a suggestion by click, which applies it and goes back to page 1', async () => {
    const w = await widget('lang="en"');
    await toPage2(w, 'en');
    await w.user.type(w.input(), 'sketch');
    await w.user.click(w.screen.getByRole('option', { name: /SketchUp/ }));
    expect(w.cards()).toEqual(['SketchUp']);
    expect(w.input().value).toBe('SketchUp');
  });

  it('resets to page 1 when the search button applies a term', async () => {
    const w = await widget();
    await toPage2(w);
    await search(w, 'a');
    expect(w.current()).toBe('1');
  });

  it('closes the list with Escape, then clears the text (and the applied term) with a second Escape', async () => {
    const w = await widget();
    await search(w, 'revit');
    expect(w.cards()).toEqual(['Revit']);
    await w.user.type(w.input(), 'x');
    await clear(w);
    await w.user.type(w.input(), 'rev');
    expect(w.input().getAttribute('aria-expanded')).toBe('true');
    await keys(w, '{Escape}');
    expect(w.input().getAttribute('aria-expanded')).toBe('false');
    expect(w.input().value).toBe('rev');
    await keys(w, '{Escape}');
    expect(w.input().value).toBe('');
    expect(w.cards()).toEqual(PAGE_1);
  });

  it('clears the applied term when the input is emptied', async () => {
    const w = await widget();
    await search(w, 'blender');
    expect(w.cards()).toEqual(['Blender']);
    await clear(w);
    expect(w.cards()).toEqual(PAGE_1);
    expect(w.current()).toBe('1');
  });

  it('says when nothing matches, in Spanish and English', async () => {
    const es = await widget();
    await search(es, 'zzz');
    expect(es.cards()).toEqual([]);
    expect(es.screen.getByText('No hay software que coincida con «zzz».')).toBeTruthy();
    expect(es.shadow.querySelector('nav')).toBeNull();
    const en = await widget('lang="en"');
    await search(en, 'qqq');
    expect(en.screen.getByText('No software matches “qqq”.')).toBeTruthy();
    expect(en.status()).toBe('0 programs');
  });

  it('keeps its page and applied search in the history entry, beside the page’s own state, and comes back to them', async () => {
    history.replaceState({ router: 'the page’s own' }, '');
    const replace = vi.spyOn(history, 'replaceState');
    const w = await widget();
    await toPage2(w);
    expect(history.state).toEqual({ router: 'the page’s own', 'obra:marketplace:0': { page: 2, applied: '' } });
    // Typing writes nothing (browsers limit how often an entry may be replaced); applying does.
    replace.mockClear();
    await clear(w);
    await w.user.type(w.input(), 'bim');
    expect(replace).not.toHaveBeenCalled();
    await w.user.click(w.screen.getByRole('button', { name: 'Buscar' }));
    expect(history.state['obra:marketplace:0']).toEqual({ page: 1, applied: 'bim' });
    // The page loads again on this entry (Back, a reload): the catalogue is where it was left.
    await act(async () => void (document.body.innerHTML = ''));
    const again = await widget();
    expect([again.cards(), again.input().value]).toEqual([['Revit', 'Archicad'], 'bim']);
    // A state that is not an object is the page's alone: left as it is.
    history.replaceState('page-owned', '');
    const third = await widget();
    await toPage2(third);
    expect(history.state).toBe('page-owned');
    replace.mockRestore();
  });

  it('keeps two catalogues on one page apart', async () => {
    const a = await widget();
    const b = await widget('lang="en"');
    await search(a, 'revit');
    expect(a.cards()).toEqual(['Revit']);
    expect(b.cards()).toEqual(PAGE_1);
    await act(async () => b.host.setAttribute('lang', 'es'));
    expect(b.screen.getByRole('heading', { level: 2, name: 'Catálogo de software' })).toBeTruthy();
  });
});
