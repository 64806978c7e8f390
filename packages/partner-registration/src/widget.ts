import { apiBaseFrom } from '@obra/api';
import { attr, defineWidget } from '@obra/element';
import { uiStyles } from '@obra/ui';
import { partnerRegistrationCatalogues } from './catalogues.ts';
import { PartnerRegistrationForm } from './partner-registration.tsx';
import { createPartnerRegistrationStore } from './store.ts';
import { partnerRegistrationStyles } from './styles.ts';

/** `<obra-partner-registration>`: its attributes, styles, strings, state and view. */
export const partnerRegistrationWidget = defineWidget({
  tag: 'obra-partner-registration',
  attributes: {
    'api-base': attr.string(apiBaseFrom(import.meta.url)),
  },
  styles: uiStyles + partnerRegistrationStyles,
  catalogues: partnerRegistrationCatalogues,
  createStore: createPartnerRegistrationStore,
  component: PartnerRegistrationForm,
});
