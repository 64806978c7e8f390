export {
  defineWidget,
  registerWidget,
  type WidgetDefinition,
  type WidgetProps,
  type WidgetElement,
  type WidgetEventTarget,
} from './define-widget.ts';
export {
  attr,
  camelCase,
  partnerAttribute,
  wordsAttributes,
  ownWords,
  WORDS_MAX,
  readAttributes,
  type AttributeTable,
  type AttributeValues,
  type AttributeParser,
  type OwnWords,
} from './attributes.ts';
export { resolveLang, observeLang } from './lang.ts';
export { adoptStyles } from './styles.ts';
export { createEmitter, type Emit, type EventMap } from './events.ts';
export { useStore, type ReadableStore } from './use-store.ts';
export { useKeptInHistory } from './history-entry.ts';
export {
  defineContract,
  THEME_PROPERTIES,
  ROOT_PART,
  PARTNER_ATTRIBUTE_DOC,
  WORDS_ATTRIBUTE_DOCS,
  type WidgetContract,
  type EventDocs,
  type EventDoc,
  type AttributeDoc,
  type KnownEvents,
} from './contract.ts';
