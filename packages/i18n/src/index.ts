export { createI18n, type I18n, type TranslationKey, type Catalogue } from './create-i18n.ts';
export { LANGS, DEFAULT_LANG, normalizeLang, type Lang } from './lang.ts';
