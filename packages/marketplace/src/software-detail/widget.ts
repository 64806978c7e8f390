import { defineWidget } from '@obra/element';
import { uiStyles } from '@obra/ui';
import { softwareDetailAttributes } from './contract.ts';
import { softwareDetailCatalogues } from './catalogues.ts';
import { SoftwareDetail } from './software-detail.tsx';
import { createSoftwareDetailStore } from './store.ts';
import { softwareDetailStyles } from './styles.ts';

/** `<obra-software-detail>`: its attributes, styles, strings, state and view. */
export const softwareDetailWidget = defineWidget({
  tag: 'obra-software-detail',
  attributes: softwareDetailAttributes,
  styles: uiStyles + softwareDetailStyles,
  catalogues: softwareDetailCatalogues,
  createStore: createSoftwareDetailStore,
  component: SoftwareDetail,
});
