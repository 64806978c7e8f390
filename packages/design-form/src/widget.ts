import { defineWidget } from '@obra/element';
import { phoneStyles, uiStyles } from '@obra/ui';
import { designFormAttributes } from './contract.ts';
import { designFormCatalogues } from './catalogues.ts';
import { DesignForm } from './design-form.tsx';
import { estimateStyles } from './estimate-styles.ts';
import { createDesignFormStore } from './store.ts';
import { designFormStyles } from './styles.ts';

/** `<obra-design-form>`: its attributes, styles, strings, state and view. */
export const designFormWidget = defineWidget({
  tag: 'obra-design-form',
  attributes: designFormAttributes,
  styles: uiStyles + phoneStyles + designFormStyles + estimateStyles,
  catalogues: designFormCatalogues,
  createStore: createDesignFormStore,
  component: DesignForm,
});
