export { createI18n, type I18n, type TranslationKey, type Catalogue } from './create-i18n.ts';
// The languages are defined with the other shared types in @obra/schema.
export { LANGS, DEFAULT_LANG, normalizeLang, type Lang } from '@obra/schema';
