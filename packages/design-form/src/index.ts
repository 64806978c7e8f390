export { designFormAttributes, designFormContract } from './contract.ts';
export { designFormWidget } from './widget.ts';
export { DesignForm, type DesignFormAttributes, type DesignFormProps } from './design-form.tsx';
export { createDesignFormStore, type DesignFormEvents, type DesignFormState, type DesignFormStatus, type DesignDeps } from './store.ts';
export { emptyDesign, type DesignValues, type DesignField } from './values.ts';
export { buildPrompt, describeDesign, imageSpecOf, isGeneratedImage } from './prompt.ts';
export { draftKey, loadDraft, saveDraft, DRAFT_TTL_MS, type Draft } from './draft.ts';
export { designFormCatalogues, type DesignFormCatalogue } from './catalogues.ts';
