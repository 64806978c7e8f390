import { byLang } from '@obra/i18n';
import { api } from '@obra/i18n/catalogues/api';
import { common } from '@obra/i18n/catalogues/common';
import { designForm } from '@obra/i18n/catalogues/design-form';
import { estimate } from '@obra/i18n/catalogues/estimate';

/** The strings `<obra-design-form>` uses, per language: only these namespaces are bundled. */
export const designFormCatalogues = byLang({ common, api, designForm, estimate });

export type DesignFormCatalogue = (typeof designFormCatalogues)['es'];
