import { defineWidget } from '@obra/element';
import { phoneStyles, selectStyles, uiStyles } from '@obra/ui';
import { partnerRegistrationAttributes } from './contract.ts';
import { partnerRegistrationCatalogues } from './catalogues.ts';
import { PartnerRegistrationForm } from './partner-registration.tsx';
import { createPartnerRegistrationStore } from './store.ts';
import { partnerRegistrationStyles } from './styles.ts';

/** `<obra-partner-registration>`: its attributes, styles, strings, state and view. */
export const partnerRegistrationWidget = defineWidget({
  tag: 'obra-partner-registration',
  attributes: partnerRegistrationAttributes,
  styles: uiStyles + selectStyles + phoneStyles + partnerRegistrationStyles,
  catalogues: partnerRegistrationCatalogues,
  createStore: createPartnerRegistrationStore,
  component: PartnerRegistrationForm,
});
