export { createI18n, type I18n, type TranslationKey, type Catalogue } from './create-i18n.ts';
export { byLang } from './by-lang.ts';
// The languages are defined with the other shared types in @obra/schema.
export { LANGUAGES, LANGS, DEFAULT_LANG, normalizeLang, langOr, isLang, type Lang } from '@obra/schema';
