export { partnerRegistrationAttributes, partnerRegistrationContract } from './contract.ts';
export { partnerRegistrationWidget } from './widget.ts';
export { PartnerRegistrationForm, type PartnerRegistrationAttributes, type PartnerRegistrationProps } from './partner-registration.tsx';
export {
  createPartnerRegistrationStore,
  emptyPartnerRegistration,
  type PartnerRegistrationEvents,
  type PartnerRegistrationState,
  type PartnerRegistrationValues,
} from './store.ts';
export { partnerRegistrationCatalogues, type PartnerRegistrationCatalogue } from './catalogues.ts';
