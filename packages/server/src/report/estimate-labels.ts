import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Catalogue = Record<string, unknown>;

const cache = new Map<string, (key: string, vars?: Record<string, string | number>) => string>();

/**
 * The words of the report's estimate pages (locales/<lang>/estimate-report.json): a dotted key,
 * with {{name}} placeholders filled from `vars`; the key itself when missing.
 */
export function estimateText(lang: 'es' | 'en') {
  const cached = cache.get(lang);
  if (cached) return cached;
  const data = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`@obra/i18n/locales/${lang}/estimate-report.json`)), 'utf8')) as Catalogue;
  const text = (key: string, vars: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], data);
    return typeof found === 'string' ? found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) : key;
  };
  cache.set(lang, text);
  return text;
}
