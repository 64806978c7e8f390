import { apiBaseFrom } from '@obra/api';
import { attr, defineWidget } from '@obra/element';
import { uiStyles } from '@obra/ui';
import { waitListCatalogues } from './catalogues.ts';
import { createWaitListStore } from './store.ts';
import { waitListStyles } from './styles.ts';
import { WaitList } from './wait-list.tsx';

/** `<obra-wait-list>`: its attributes, styles, strings, state and view. */
export const waitListWidget = defineWidget({
  tag: 'obra-wait-list',
  attributes: {
    'api-base': attr.string(apiBaseFrom(import.meta.url)),
    endpoint: attr.string(''),
    transport: attr.oneOf(['cors', 'no-cors'], 'cors'),
  },
  styles: uiStyles + waitListStyles,
  catalogues: waitListCatalogues,
  createStore: createWaitListStore,
  component: WaitList,
});
