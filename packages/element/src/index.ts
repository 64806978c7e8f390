export { defineWidget, registerWidget, type WidgetDefinition, type WidgetProps, type WidgetElement } from './define-widget.ts';
export { attr, type AttributeTable, type AttributeValues, type AttributeParser } from './attributes.ts';
export { resolveLang, observeLang } from './lang.ts';
export { adoptStyles } from './styles.ts';
export { createEmitter, type Emit, type EventMap } from './events.ts';
export { loadOnSight, type WidgetImports } from './loader.ts';
export { useStore, type ReadableStore } from './use-store.ts';
export { createFormStore, type FormEvents, type FormState, type FormStatus, type FormStoreOptions, type SubmitOutcome } from './form-store.ts';
