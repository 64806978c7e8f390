import { LANGS, type Lang } from '@obra/schema';
import type { Catalogue } from './create-i18n.ts';

/**
 * A translator's catalogues from some namespaces of `@obra/i18n/catalogues`, merged under their
 * names in every language of the list: `byLang({ common, waitList })` →
 * `{ es: { common: …, waitList: … }, en: … }`.
 */
export function byLang<N extends Record<string, Record<Lang, Catalogue>>>(namespaces: N): Record<Lang, { [K in keyof N]: N[K][Lang] }> {
  const entries = Object.entries(namespaces);
  return Object.fromEntries(
    LANGS.map((lang) => [lang, Object.fromEntries(entries.map(([name, catalogue]) => [name, catalogue[lang]]))]),
  ) as Record<Lang, { [K in keyof N]: N[K][Lang] }>;
}
