import { byLang } from '@obra/i18n';
import { softwareDetail } from '@obra/i18n/catalogues/software-detail';

/** The strings `<obra-software-detail>` uses, per language. */
export const softwareDetailCatalogues = byLang({ softwareDetail });

export type SoftwareDetailCatalogue = (typeof softwareDetailCatalogues)['es'];
