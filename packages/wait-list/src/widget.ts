import { defineWidget } from '@obra/element';
import { phoneStyles, uiStyles } from '@obra/ui';
import { waitListAttributes } from './contract.ts';
import { waitListCatalogues } from './catalogues.ts';
import { createWaitListStore } from './store.ts';
import { waitListStyles } from './styles.ts';
import { WaitList } from './wait-list.tsx';

/** `<obra-wait-list>`: its attributes, styles, strings, state and view. */
export const waitListWidget = defineWidget({
  tag: 'obra-wait-list',
  attributes: waitListAttributes,
  styles: uiStyles + phoneStyles + waitListStyles,
  catalogues: waitListCatalogues,
  createStore: createWaitListStore,
  component: WaitList,
});
