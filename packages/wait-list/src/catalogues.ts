import { byLang } from '@obra/i18n';
import { api } from '@obra/i18n/catalogues/api';
import { common } from '@obra/i18n/catalogues/common';
import { waitList } from '@obra/i18n/catalogues/wait-list';

/** The strings `<obra-wait-list>` uses, per language: only these namespaces are bundled. */
export const waitListCatalogues = byLang({ common, api, waitList });

export type WaitListCatalogue = (typeof waitListCatalogues)['es'];
