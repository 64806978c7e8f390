import { byLang } from '@obra/i18n';
import { api } from '@obra/i18n/catalogues/api';
import { common } from '@obra/i18n/catalogues/common';
import { partnerRegistration } from '@obra/i18n/catalogues/partner-registration';

/** The strings `<obra-partner-registration>` uses, per language: only these namespaces are bundled. */
export const partnerRegistrationCatalogues = byLang({ common, api, partnerRegistration });

export type PartnerRegistrationCatalogue = (typeof partnerRegistrationCatalogues)['es'];
