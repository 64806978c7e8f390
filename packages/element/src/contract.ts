import { WORDS_ATTRIBUTES, WORDS_MAX, type AttributeTable, type wordsAttributes } from './attributes.ts';
import type { EventMap } from './events.ts';

/** The event names a map declares, without its `obra-${string}` index signature. */
export type KnownEvents<E> = keyof {
  [K in keyof E & string as string extends K ? never : `obra-${string}` extends K ? never : K]: E[K];
};

/** What the guide and the manifest say about one event: its meaning and its `detail`'s TypeScript type. */
export interface EventDoc {
  readonly description: string;
  /** The `detail` type as written in TypeScript, e.g. `{ entry: WaitListEntry }`. */
  readonly detail: string;
}

/** One entry per event of the map, no more and no less (checked by {@link defineWidget}'s caller type). */
export type EventDocs<E> = { readonly [K in KnownEvents<E>]: EventDoc };

/** What the guide and the manifest say about one attribute. */
export interface AttributeDoc {
  readonly description: string;
  /** The default as partners should read it, when the parser's fallback is not it (e.g. computed at run time). */
  readonly default?: string;
}

/**
 * A widget's public contract, kept apart from its view so Node (the manifest script, the React
 * wrapper on a server) can read it without loading components: tag, attributes with their
 * parsers, events, and the `::part` names beyond `root`.
 */
export interface WidgetContract<T extends AttributeTable, E extends EventMap> {
  readonly tag: `obra-${string}`;
  readonly description: string;
  /** Attributes besides `lang` (which every widget has); each also becomes a camelCase property. */
  readonly attributes: T;
  readonly attributeDocs: { readonly [K in keyof T]: AttributeDoc };
  readonly events: EventDocs<E>;
  /** `::part` names besides `root` → what they are. */
  readonly parts: Readonly<Record<string, string>>;
}

/** Declares a contract; the event map `E` is given explicitly so the docs must list every event it has. */
export const defineContract =
  <E extends EventMap>() =>
  <const T extends AttributeTable>(contract: WidgetContract<T, E>): WidgetContract<T, E> =>
    contract;

/** The theme every widget reads: CSS custom properties on the element or any ancestor, with their defaults. */
export const THEME_PROPERTIES = {
  '--obra-color-primary': { default: '#b45309', description: 'Buttons, selected choices and links.' },
  '--obra-color-on-primary': { default: '#fff', description: 'Text on the primary colour.' },
  '--obra-color-text': { default: '#1f2937', description: 'Body text.' },
  '--obra-color-muted': { default: '#4b5563', description: 'Hints, counters and secondary text.' },
  '--obra-color-background': { default: '#fff', description: 'The widget background and dialogs.' },
  '--obra-color-surface': { default: '#f9fafb', description: 'Cards, sections and inputs.' },
  '--obra-color-border': { default: '#6b7280', description: 'Input and card borders.' },
  '--obra-color-error': { default: '#b91c1c', description: 'Error messages and invalid fields.' },
  '--obra-color-success': { default: '#047857', description: 'Success messages.' },
  '--obra-color-focus': { default: '#1d4ed8', description: 'The keyboard focus ring.' },
  '--obra-radius': { default: '8px', description: 'Corner radius of inputs, buttons and cards.' },
  '--obra-font': {
    default: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
    description: 'The font family of the whole widget.',
  },
} as const satisfies Record<`--obra-${string}`, { default: string; description: string }>;

/** What the guide and the manifest say about the `partner` attribute (see {@link partnerAttribute}). */
export const PARTNER_ATTRIBUTE_DOC: AttributeDoc = {
  description:
    'Your partner code (3–32 letters, digits, `_` or `-`), stored with every lead this element sends, beside the page, referrer and UTM parameters; a value of another shape is ignored.',
};

/**
 * What the guide and the manifest say about the partner's own words (see `wordsAttributes`): one
 * entry per language of the list, named in English. Made by a pure call, so no bundle keeps it.
 */
export const WORDS_ATTRIBUTE_DOCS = /* @__PURE__ */ (() => {
  const inEnglish = new Intl.DisplayNames(['en'], { type: 'language' });
  const words = { heading: 'heading', intro: 'introduction' };
  const docs = WORDS_ATTRIBUTES.map(([name, which]): [string, AttributeDoc] => {
    const lang = name.slice(which.length + 1);
    if (lang)
      return [
        name,
        { description: `Your own ${words[which]} when the widget speaks ${inEnglish.of(lang)}; it wins over \`${which}\` there.` },
      ];
    const what = which === 'heading' ? 'heading' : 'introduction under the heading';
    return [
      name,
      {
        description: `Your own ${what}, in every language (plain text, at most ${WORDS_MAX[which]} characters); empty: Obra's.`,
        default: `Obra's ${words[which]}`,
      },
    ];
  });
  return Object.fromEntries(docs) as Readonly<Record<keyof typeof wordsAttributes, AttributeDoc>>;
})();

/** The `::part`s every widget has. */
export const ROOT_PART = {
  root: 'The widget container inside the shadow root: set its padding, background, border or width.',
  title: "The widget's heading (the program's name in the software detail).",
} as const;
