import { interpolate, type Lang } from '@obra/i18n';
import { catalogue, textAt } from './labels.ts';

const cache = new Map<string, (key: string, vars?: Record<string, string | number>) => string>();

/**
 * The words of the report's estimate pages (locales/<lang>/estimate-report.json): a dotted key,
 * with {{name}} placeholders filled from `vars`; the key itself when missing.
 */
export function estimateText(lang: Lang) {
  const cached = cache.get(lang);
  if (cached) return cached;
  const data = catalogue(lang, 'estimate-report');
  const text = (key: string, vars: Record<string, string | number> = {}) => {
    const found = textAt(data, key);
    return typeof found === 'string' ? interpolate(found, vars) : key;
  };
  cache.set(lang, text);
  return text;
}
