import { defineWidget } from '@obra/element';
import { uiStyles } from '@obra/ui';
import { marketplaceAttributes } from './contract.ts';
import { marketplaceCatalogues } from './catalogues.ts';
import { Marketplace } from './marketplace.tsx';
import { createMarketplaceStore } from './store.ts';
import { marketplaceStyles } from './styles.ts';

/** `<obra-marketplace>`: its attributes, styles, strings, state and view. */
export const marketplaceWidget = defineWidget({
  tag: 'obra-marketplace',
  attributes: marketplaceAttributes,
  styles: uiStyles + marketplaceStyles,
  catalogues: marketplaceCatalogues,
  createStore: createMarketplaceStore,
  component: Marketplace,
});
