import { act } from '@testing-library/react';
import { useEffect } from 'react';
import { createStore } from 'zustand/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attr, defineWidget, registerWidget, resolveLang, useStore, type WidgetProps } from '@obra/element';
import { change, mount } from './support/mount.ts';

const catalogues = { es: { hello: 'Hola', count: 'Clics: {{n}}' }, en: { hello: 'Hello', count: 'Clicks: {{n}}' } };
const cleanups = vi.fn();

type Attrs = { size: 'small' | 'large'; label: string; open: boolean };
type Events = { 'obra-click': { n: number } };
type Store = ReturnType<typeof createCounter>;
const createCounter = () => createStore<{ n: number; inc: () => void }>()((set) => ({ n: 0, inc: () => set((s) => ({ n: s.n + 1 })) }));

function Probe({ attrs, lang, i18n, store, emit }: WidgetProps<Attrs, Events, Store, (typeof catalogues)['es']>) {
  const { n, inc } = useStore(store);
  useEffect(() => cleanups, []);
  return (
    <div data-lang={lang} data-size={attrs.size} data-open={String(attrs.open)}>
      <p>{i18n.t('hello')}</p>
      <button
        type="button"
        onClick={() => {
          inc();
          emit('obra-click', { n: n + 1 });
        }}
      >
        {i18n.t('count', { n })}
      </button>
      <span>{attrs.label}</span>
    </div>
  );
}

const probe = defineWidget({
  tag: 'obra-probe',
  attributes: { size: attr.oneOf(['small', 'large'], 'small'), label: attr.string('none'), open: attr.boolean() },
  styles: '.obra-root{color:rgb(1, 2, 3)}',
  catalogues,
  createStore: createCounter,
  component: Probe,
});
registerWidget(probe);

const view = (host: Element) => host.shadowRoot!.querySelector<HTMLElement>('[data-lang]')!;

afterEach(() => cleanups.mockClear());

describe('registerWidget', () => {
  it('defines the tag once and tolerates a second registration', () => {
    const first = customElements.get('obra-probe');
    expect(first).toBeDefined();
    expect(registerWidget(probe)).toBe(first);
  });

  it('renders the component into an open shadow root with adopted styles', async () => {
    const { shadow, screen } = await mount('<obra-probe></obra-probe>');
    expect(screen.getByText('Hola')).toBeTruthy();
    const adopted = shadow.adoptedStyleSheets;
    const styleTag = shadow.querySelector('style');
    // happy-dom may lack constructable stylesheets; then the <style> fallback must be there.
    expect(adopted.length > 0 || styleTag?.textContent?.includes('rgb(1, 2, 3)')).toBe(true);
    expect(shadow.querySelector('[part=root].obra-root')).toBeTruthy();
  });

  it('renders an element that was in the page before its tag was defined in the next task, not inside define', async () => {
    document.body.innerHTML = '<obra-late lang="en"></obra-late>';
    const host = document.querySelector('obra-late')!;
    // act flushes what React was asked to render by the time define returns: nothing yet.
    act(() => void registerWidget({ ...probe, tag: 'obra-late' }));
    // Upgraded (shadow root, styles, container) but not rendered: the render waits for a task.
    expect([host.shadowRoot?.querySelector('.obra-root'), host.shadowRoot?.querySelector('[data-lang]')]).toEqual([
      expect.anything(),
      null,
    ]);
    await act(() => new Promise((done) => setTimeout(done)));
    expect(host.shadowRoot!.querySelector('p')!.textContent).toBe('Hello');
    // An element created after the definition renders at once, as before.
    const later = document.createElement('obra-late');
    act(() => document.body.append(later));
    expect(later.shadowRoot!.querySelector('p')?.textContent).toBe('Hola');
  });
});

describe('attributes and properties', () => {
  it('parses attributes through the table and falls back on unknown values', async () => {
    const { host } = await mount('<obra-probe size="LARGE" label="x" open></obra-probe>');
    expect(view(host).dataset).toMatchObject({ size: 'large', open: 'true' });
    await change(() => host.setAttribute('size', 'huge'));
    expect(view(host).dataset.size).toBe('small');
  });

  it('reflects camelCase properties to attributes and re-renders', async () => {
    const { host, screen } = await mount<HTMLElement & Attrs>('<obra-probe></obra-probe>');
    expect(host.label).toBe('none');
    await change(() => {
      host.label = 'from a property';
      host.open = true;
    });
    expect(host.getAttribute('label')).toBe('from a property');
    expect(screen.getByText('from a property')).toBeTruthy();
    expect(view(host).dataset.open).toBe('true');
    await change(() => {
      host.open = false;
    });
    expect(host.hasAttribute('open')).toBe(false);
  });
});

describe('language', () => {
  it('uses its own lang, then the nearest lang in the page, then es', async () => {
    document.body.innerHTML = '<div lang="en-GB" id="wrap"></div>';
    const wrap = document.getElementById('wrap')!;
    const { host } = await mount('<obra-probe></obra-probe>', wrap);
    expect(view(host).dataset.lang).toBe('en');
    await change(() => host.setAttribute('lang', 'es'));
    expect(view(host).dataset.lang).toBe('es');
    await change(() => host.setAttribute('lang', 'fr'));
    expect(view(host).dataset.lang).toBe('en');
    await change(() => {
      host.removeAttribute('lang');
      wrap.removeAttribute('lang');
    });
    expect(view(host).dataset.lang).toBe('es');
  });

  it('follows the page lang when it changes, and re-translates', async () => {
    const { host, screen } = await mount('<obra-probe></obra-probe>');
    expect(screen.getByText('Hola')).toBeTruthy();
    await change(() => document.documentElement.setAttribute('lang', 'en'));
    expect(view(host).dataset.lang).toBe('en');
    expect(screen.getByText('Hello')).toBeTruthy();
  });

  it('crosses shadow roots to find the nearest lang', () => {
    const outer = document.createElement('div');
    outer.lang = 'en';
    const inner = outer.attachShadow({ mode: 'open' });
    const child = document.createElement('span');
    inner.append(child);
    expect(resolveLang(child)).toBe('en');
  });
});

describe('instances', () => {
  it('each element owns its store, translator and events', async () => {
    const a = await mount('<obra-probe lang="es"></obra-probe>');
    const b = await mount('<obra-probe lang="en"></obra-probe>');
    const heard: unknown[] = [];
    document.addEventListener('obra-click', (event) =>
      heard.push([(event.target as Element).getAttribute('lang'), (event as CustomEvent).detail]),
    );
    await act(async () => a.screen.getByRole('button').click());
    await act(async () => a.screen.getByRole('button').click());
    expect(a.screen.getByRole('button').textContent).toBe('Clics: 2');
    expect(b.screen.getByRole('button').textContent).toBe('Clicks: 0');
    expect(heard).toEqual([
      ['es', { n: 1 }],
      ['es', { n: 2 }],
    ]);
  });

  it('dispatches events that bubble out of the shadow root and can be cancelled', async () => {
    const { screen } = await mount('<obra-probe></obra-probe>');
    const listener = vi.fn((event: Event) => {
      expect(event.bubbles && event.composed && event.cancelable).toBe(true);
    });
    document.addEventListener('obra-click', listener, { once: true });
    await act(async () => screen.getByRole('button').click());
    expect(listener).toHaveBeenCalledOnce();
  });

  it('unmounts on disconnect (effect cleanups run) and keeps state when moved', async () => {
    const { host, screen } = await mount('<obra-probe></obra-probe>');
    await act(async () => screen.getByRole('button').click());
    await change(() => host.remove());
    expect(cleanups).toHaveBeenCalledOnce();
    expect(host.shadowRoot!.querySelector('[data-lang]')).toBeNull();
    await change(() => document.body.append(host));
    expect(host.shadowRoot!.querySelector('button')!.textContent).toBe('Clics: 1');
  });

  it('stops following the page lang once disconnected', async () => {
    const { host } = await mount('<obra-probe></obra-probe>');
    await change(() => host.remove());
    await change(() => document.documentElement.setAttribute('lang', 'en'));
    expect(host.shadowRoot!.querySelector('[data-lang]')).toBeNull();
  });
});

describe('markup', () => {
  it('marks its content with the resolved language and a left-to-right direction', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    const { host, shadow } = await mount('<obra-probe lang="en"></obra-probe>');
    const container = shadow.querySelector<HTMLElement>('[part=root]')!;
    expect([container.lang, container.dir]).toEqual(['en', 'ltr']);
    await change(() => host.setAttribute('lang', 'es'));
    expect(container.lang).toBe('es');
    document.documentElement.removeAttribute('dir');
  });
});
