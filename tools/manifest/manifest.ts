// Builds a Custom Elements Manifest (https://github.com/webcomponents/custom-elements-manifest,
// schema 2.1.0) from the widgets' contracts, so editors, Storybook and the embedding guide read
// one description that cannot drift from the attribute tables and event maps.
import { LANGS } from '@obra/schema';
import {
  camelCase,
  ROOT_PART,
  THEME_PROPERTIES,
  type AttributeParser,
  type AttributeTable,
  type EventDoc,
  type WidgetContract,
} from '@obra/element';

/** A contract and the module (repository path) whose import defines its tag. */
export interface ManifestEntry {
  readonly module: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any attribute table and event map
  readonly contract: WidgetContract<AttributeTable, any>;
}

interface Typed {
  type: { text: string };
  default?: string;
}

/** One attribute as the manifest describes it. */
interface ManifestAttribute extends Typed {
  name: string;
  fieldName: string;
  description: string;
}

const LANG_ATTRIBUTE: ManifestAttribute = {
  name: 'lang',
  fieldName: 'lang',
  type: { text: LANGS.map((lang) => `'${lang}'`).join(' | ') },
  description: 'The language; without it, the nearest `lang` in the page, then `es`. The widget follows changes.',
};

/** `obra-wait-list` → `ObraWaitList`. */
const className = (tag: string): string => camelCase(tag).replace(/^./, (c) => c.toUpperCase());

/** A parser's type and default, as the manifest writes them (parsers carry them as `meta`). */
function typeOf(parser: AttributeParser<unknown>, doc: { default?: string }): Typed {
  const meta = parser.meta ?? { type: 'string' };
  const fallback = doc.default ?? meta.default;
  return { type: { text: meta.type }, ...(fallback === undefined ? {} : { default: fallback }) };
}

function declaration({ contract }: ManifestEntry) {
  const attributes: ManifestAttribute[] = [
    LANG_ATTRIBUTE,
    ...Object.entries(contract.attributes).map(([name, parser]) => ({
      name,
      fieldName: camelCase(name),
      ...typeOf(parser, contract.attributeDocs[name]!),
      description: contract.attributeDocs[name]!.description,
    })),
  ];
  const events = Object.entries(contract.events as Record<string, EventDoc>).map(([name, doc]) => ({
    name,
    type: { text: `CustomEvent<${doc.detail}>` },
    description: doc.description,
  }));
  return {
    kind: 'class',
    name: className(contract.tag),
    tagName: contract.tag,
    customElement: true,
    description: contract.description,
    superclass: { name: 'HTMLElement' },
    attributes,
    members: attributes.map(({ name, fieldName, ...rest }) => ({ kind: 'field', name: fieldName, attribute: name, ...rest })),
    events,
    cssParts: Object.entries({ ...ROOT_PART, ...contract.parts }).map(([name, description]) => ({ name, description })),
    cssProperties: Object.entries(THEME_PROPERTIES).map(([name, { default: fallback, description }]) => ({
      name,
      default: fallback,
      description,
    })),
  };
}

/** The manifest of every widget, one module per tag (the module whose import defines it). */
export function customElementsManifest(entries: readonly ManifestEntry[]) {
  return {
    schemaVersion: '2.1.0',
    readme: 'docs/partners/embedding.md',
    modules: entries.map((entry) => {
      const decl = declaration(entry);
      return {
        kind: 'javascript-module',
        path: entry.module,
        declarations: [decl],
        exports: [{ kind: 'custom-element-definition', name: decl.tagName, declaration: { name: decl.name, module: entry.module } }],
      };
    }),
  };
}

/** The manifest's type. */
export type CustomElementsManifest = ReturnType<typeof customElementsManifest>;
