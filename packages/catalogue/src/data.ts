import data from '../software.json' with { type: 'json' };
import type { Lang } from '@obra/i18n';
import { foldText } from '@obra/schema';
import type { SoftwareItem } from './types.ts';

/** The catalogue, in file order (software.json). */
export const softwareCatalogue: readonly SoftwareItem[] = data.items;

/** The item with this slug; undefined when there is none (the detail then says so). */
export function findSoftware(slug: string, items: readonly SoftwareItem[] = softwareCatalogue): SoftwareItem | undefined {
  return items.find((item) => item.slug === slug.trim().toLowerCase());
}

/** The items whose translated name or category contains `term` (case- and accent-insensitive); all for an empty term. */
export function searchSoftware(items: readonly SoftwareItem[], term: string, lang: Lang): SoftwareItem[] {
  const needle = foldText(term.trim());
  if (!needle) return [...items];
  return items.filter((item) => foldText(item.name).includes(needle) || foldText(item.category[lang]).includes(needle));
}
