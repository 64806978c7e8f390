import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createI18n, type Catalogue, type I18n, type Lang } from '@obra/i18n';
import { camelCase, readAttributes, type AttributeTable, type AttributeValues } from './attributes.ts';
import type { KnownEvents } from './contract.ts';
import { createEmitter, type Emit, type EventMap } from './events.ts';
import { observeLang, resolveLang } from './lang.ts';
import { adoptStyles } from './styles.ts';

/** What a widget's React component receives from its element. */
export interface WidgetProps<A, E extends EventMap, S, C extends Catalogue> {
  /** Parsed attributes, camelCase. */
  readonly attrs: A;
  /** The resolved language (attribute, then nearest `lang` in the page, then es). */
  readonly lang: Lang;
  /** This element's own translator. */
  readonly i18n: I18n<C>;
  /** This element's own store, created once and kept while the element is moved around. */
  readonly store: S;
  /** Dispatches a typed, bubbling, composed event from the element. */
  readonly emit: Emit<E>;
  /** The custom element itself. */
  readonly host: HTMLElement;
}

/** Everything that makes a React component into an Obra custom element. */
export interface WidgetDefinition<T extends AttributeTable, E extends EventMap, S, C extends Catalogue> {
  readonly tag: `obra-${string}`;
  /** Attributes besides `lang` (which every widget has); each also becomes a camelCase property. */
  readonly attributes: T;
  /** CSS for the shadow root. */
  readonly styles: string;
  /** The widget's strings in every language. */
  readonly catalogues: Record<Lang, C>;
  /** Creates the state of one element instance. */
  readonly createStore: () => S;
  readonly component: ComponentType<WidgetProps<AttributeValues<T>, E, S, C>>;
}

/** Typed listeners for a widget's events (listed before HTMLElement's, so they win overload resolution). */
export interface WidgetEventTarget<E> {
  addEventListener<K extends KnownEvents<E>>(
    type: K,
    listener: (this: HTMLElement, event: CustomEvent<E[K]>) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends KnownEvents<E>>(
    type: K,
    listener: (this: HTMLElement, event: CustomEvent<E[K]>) => void,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * An element created by {@link registerWidget}: an HTMLElement with one property per attribute
 * (plus `lang`), and typed `addEventListener` for its events.
 */
export type WidgetElement<T extends AttributeTable, E = Record<never, never>> = WidgetEventTarget<E> & HTMLElement & AttributeValues<T>;

/** True while customElements.define upgrades the elements already in the page. */
let upgrading = false;

/** Declares a widget; pure, so importing it on a server or in a test defines nothing. */
export function defineWidget<T extends AttributeTable, E extends EventMap, S, C extends Catalogue>(
  definition: WidgetDefinition<T, E, S, C>,
): WidgetDefinition<T, E, S, C> {
  return definition;
}

/**
 * Defines the custom element of a widget, once. Does nothing on a server, and nothing when the
 * tag is already defined (a partner page that loads the bundle twice must not throw).
 */
export function registerWidget<T extends AttributeTable, E extends EventMap, S, C extends Catalogue>(
  definition: WidgetDefinition<T, E, S, C>,
): CustomElementConstructor | undefined {
  if (typeof window === 'undefined' || typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(definition.tag);
  if (existing) return existing;
  const element = createWidgetClass(definition);
  upgrading = true;
  try {
    customElements.define(definition.tag, element);
  } finally {
    upgrading = false;
  }
  return element;
}

function createWidgetClass<T extends AttributeTable, E extends EventMap, S, C extends Catalogue>(
  def: WidgetDefinition<T, E, S, C>,
): CustomElementConstructor {
  const properties = Object.keys(def.attributes).map(camelCase);
  class ObraWidget extends HTMLElement {
    // `lang` is not listed: observeLang() sees the element's own `lang` along with the page's.
    static observedAttributes = Object.keys(def.attributes);
    #container: HTMLDivElement | undefined;
    #root: Root | undefined;
    #store: S | undefined;
    #i18n: I18n<C> | undefined;
    #stopObservingLang: (() => void) | undefined;
    readonly #emit: Emit<E> = createEmitter<E>(this);

    /** The first view the page carried (a declarative shadow root), until the widget replaces it. */
    #prerendered: HTMLElement | null = null;

    constructor() {
      super();
      // A page may carry the widget's first view as a declarative shadow root (the host site's
      // pages do): attachShadow would empty it, so it is kept and taken over on the first render.
      if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    }

    connectedCallback(): void {
      const shadow = this.shadowRoot!;
      if (!this.#container) {
        this.#keepEarlyProperties();
        // The first .obra-root is the view's own container (a shadow root has no :scope to anchor on).
        const view = (this.#prerendered = shadow.querySelector('.obra-root'));
        adoptStyles(shadow, def.styles, this.nonce || this.getAttribute('nonce') || undefined);
        this.#container = this.ownerDocument.createElement('div');
        this.#container.setAttribute('part', 'root');
        this.#container.className = 'obra-root';
        if (!view) shadow.append(this.#container);
      }
      // Store and translator outlive a disconnect, so moving the element keeps what was typed.
      this.#store ??= def.createStore();
      this.#i18n ??= createI18n(def.catalogues, resolveLang(this));
      this.#stopObservingLang = observeLang(this, () => {
        if (resolveLang(this) !== this.#i18n?.lang) this.#render();
      });
      this.#root = createRoot(this.#container);
      // An element already in the page upgrades inside customElements.define, in the task that ran
      // the widget's code: its first render takes the next task, so neither blocks the page long.
      if (upgrading) setTimeout(() => this.#root && this.#render());
      else this.#render();
    }

    /**
     * A property a page set before this element upgraded (`el.partner = 'CODE'` before the
     * widget's script ran) is an own property of the element that hides the class's accessor:
     * it is taken off and set again through the accessor, so it becomes the attribute it stands for.
     */
    #keepEarlyProperties(): void {
      for (const name of properties) {
        if (!Object.hasOwn(this, name)) continue;
        const value: unknown = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }

    disconnectedCallback(): void {
      this.#stopObservingLang?.();
      this.#stopObservingLang = undefined;
      // Unmounting runs every effect cleanup: timers, listeners and observers of the widget end here.
      this.#root?.unmount();
      this.#root = undefined;
    }

    attributeChangedCallback(): void {
      if (this.#root) this.#render();
    }

    #render(): void {
      const view = this.#prerendered;
      this.#prerendered = null;
      if (view) this.#takeOver(view);
      else this.#paint();
    }

    /**
     * Replaces the pre-rendered view with the rendered one in one task (no frame shows neither,
     * and the same markup takes the same place: nothing shifts). The pre-rendered `<style>` (right
     * before the view) goes too: the same rules are adopted by then. Then, in the same task, an
     * `obra-take-over` event (not bubbling) tells the ESM loader, which let the visitor act on the
     * old view, to carry what was typed over (loader-take-over.ts).
     */
    #takeOver(view: HTMLElement): void {
      const style = view.previousElementSibling;
      if (style?.localName === 'style') style.remove();
      view.replaceWith(this.#container!);
      this.#paint();
      this.dispatchEvent(new Event('obra-take-over'));
    }

    #paint(): void {
      const i18n = this.#i18n!;
      i18n.setLang(resolveLang(this));
      // Screen readers pick the voice from the nearest lang, which may be the page's, not ours.
      // Both languages are left-to-right, whatever `dir` the page has.
      this.#container!.lang = i18n.lang;
      this.#container!.dir = 'ltr';
      this.#root!.render(
        createElement(def.component, {
          attrs: readAttributes(this, def.attributes),
          lang: i18n.lang,
          i18n,
          store: this.#store!,
          emit: this.#emit,
          host: this,
        }),
      );
    }
  }

  for (const [name, parser] of Object.entries(def.attributes)) {
    Object.defineProperty(ObraWidget.prototype, camelCase(name), {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return parser.parse(this.getAttribute(name));
      },
      set(this: HTMLElement, value: unknown) {
        if (value === null || value === undefined || value === false) this.removeAttribute(name);
        // Numbers read as they are written; an object is set as JSON rather than "[object Object]".
        else
          this.setAttribute(
            name,
            value === true
              ? ''
              : typeof value === 'string'
                ? value
                : typeof value === 'number' || typeof value === 'bigint'
                  ? value.toString()
                  : (JSON.stringify(value) ?? ''),
          );
      },
    });
  }
  return ObraWidget;
}
