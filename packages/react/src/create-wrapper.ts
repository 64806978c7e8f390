import { createElement, useEffect, type CSSProperties, type DetailedHTMLProps, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import type { AttributeParser, AttributeTable, AttributeValues, KnownEvents, WidgetContract } from '@obra/element';
import type { Lang } from '@obra/i18n';

type Pascal<S extends string> = S extends `${infer H}-${infer R}` ? `${Capitalize<H>}${Pascal<R>}` : Capitalize<S>;

/** `obra-image-generated` → `onImageGenerated`. */
export type EventProp<K extends string> = K extends `obra-${infer R}` ? `on${Pascal<R>}` : never;

/** The callbacks of a widget's events: `onSubmit` for `obra-submit`, with the typed `detail`. */
export type EventCallbacks<E> = { [K in KnownEvents<E> & string as EventProp<K>]?: (event: CustomEvent<E[K]>) => void };

/** The props of a wrapper: the attributes as camelCase props, the event callbacks, and a few of the element's own. */
export type WrapperProps<A extends AttributeTable, E> = Partial<AttributeValues<A>> &
  EventCallbacks<E> & {
    lang?: Lang;
    id?: string;
    className?: string;
    style?: CSSProperties;
    ref?: Ref<HTMLElement>;
  };

/** The JSX props of one bare tag: the element's HTML attributes, its own attributes (kebab-case) and `on<event>` listeners. */
export type ObraIntrinsicElement<A, E> = Omit<DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>, 'lang'> & {
  lang?: Lang;
} & { [K in keyof A]?: A[K] extends AttributeParser<infer V> ? V : never } & {
  [K in KnownEvents<E> & string as `on${K}`]?: (event: CustomEvent<E[K]>) => void;
};

/** `obra-image-generated` → `onImageGenerated` (the runtime twin of {@link EventProp}). */
export const eventProp = (name: string): string =>
  `on${name.slice('obra-'.length).replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}`;

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Makes the React component of a widget from its contract and a function importing its register
 * module. On a server it renders the bare tag with its attributes (nothing touches `window`); in the
 * browser an effect imports the register module, which defines the tag and upgrades the element.
 * Callbacks become React 19's custom-element listeners (`onobra-submit` → `obra-submit`).
 */
export function createWrapper<A extends AttributeTable, E>(
  contract: Pick<WidgetContract<A, never>, 'tag' | 'attributes'> & { readonly events: object },
  load: () => Promise<unknown>,
): (props: WrapperProps<A, E>) => ReactNode {
  function ObraWrapper(props: WrapperProps<A, E>): ReactNode {
    useEffect(() => {
      load().catch((error: unknown) => console.error(`<${contract.tag}>: its code failed to load; the element stays empty.`, error));
    }, []);
    const given = props as Record<string, unknown>;
    const out: Record<string, unknown> = { ref: props.ref, id: props.id, lang: props.lang, className: props.className, style: props.style };
    // Attributes, not properties: before the upgrade the element has no `apiBase` property, and
    // React would set an `apibase` attribute instead.
    for (const name of Object.keys(contract.attributes)) {
      const value = given[camel(name)];
      // Numbers read as they are written; an object is sent as JSON rather than "[object Object]".
      if (value !== undefined && value !== null && value !== false)
        out[name] =
          value === true
            ? ''
            : typeof value === 'string'
              ? value
              : typeof value === 'number' || typeof value === 'bigint'
                ? value.toString()
                : (JSON.stringify(value) ?? '');
    }
    for (const name of Object.keys(contract.events)) {
      const callback = given[eventProp(name)];
      if (typeof callback === 'function') out[`on${name}`] = callback;
    }
    return createElement(contract.tag, out);
  }
  ObraWrapper.displayName = contract.tag.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
  return ObraWrapper;
}
