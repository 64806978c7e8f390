import type { Lang, Place as SharedPlace } from '@obra/schema';
import type { GazetteerIndex } from './build.ts';
import { PREFIX } from './build.ts';
import { words } from './fold.ts';

/** One answer of the location search, in the Place shape of docs/contributors/behaviour.md#calls: the region (department, state) and the city always sent, '' for a country. */
export type Place = SharedPlace & { Region: string; Municipality: string };

/** The offline place search behind GET /api/location. */
export interface Gazetteer {
  readonly size: number;
  /** Up to `limit` places whose words start with the query's words, larger first; [] under 3 characters. */
  search(query: string, lang: Lang, limit?: number): Place[];
}

const MIN_QUERY = 3;
/**
 * The most entries one search looks at: a short first word (`a zzzz`) has a list of thousands of
 * places that the other words then rule out one by one. The list is in size order, so the places
 * looked at are the largest ones, which are the ones worth suggesting anyway.
 */
const SCAN_LIMIT = 20_000;

/** Where `key` is in a sorted list, or -1. */
function find(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle]!;
    if (item === key) return middle;
    if (item < key) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Whether a word of the list text[from, to) (words each followed by a space) starts with `token`. */
function starts(text: string, from: number, to: number, token: string): boolean {
  for (let at = from; at < to; at = text.indexOf(' ', at) + 1) if (text.startsWith(token, at)) return true;
  return false;
}

/**
 * The search over a built index: walks the list of the first query word's prefix in rank order
 * and stops at the limit, so its cost does not grow with the size of the data.
 */
export function openIndex(index: GazetteerIndex): Gazetteer {
  const { text, textAt, folded, wordsAt, countryWords, countryAt, country } = index;
  const own = (entry: number, token: string) => starts(folded, wordsAt[2 * entry]!, wordsAt[2 * entry + 1]!, token);
  // Any word of the label: the place's own, its region's, or its country's names in either language.
  const anywhere = (entry: number, token: string) => {
    const slot = country[entry]!;
    return (
      starts(folded, wordsAt[2 * entry]!, wordsAt[2 * entry + 2]!, token) ||
      starts(countryWords, countryAt[slot]!, countryAt[slot + 1]!, token)
    );
  };
  const toPlace = (entry: number, lang: Lang): Place => {
    const name = text.slice(textAt[2 * entry], textAt[2 * entry + 1]);
    const countryName = index.countryNames[lang][country[entry]!]!;
    if (!name) return { Label: countryName, Country: countryName, Region: '', Municipality: '' };
    const region = text.slice(textAt[2 * entry + 1], textAt[2 * entry + 2]);
    const label = [name, region === name ? '' : region, countryName].filter(Boolean).join(', ');
    return { Label: label, Country: countryName, Region: region, Municipality: name };
  };

  return {
    size: index.size,
    search(query, lang, limit = 10) {
      const tokens = words(query.slice(0, 100));
      const [first, ...rest] = tokens;
      if (query.trim().length < MIN_QUERY || !first) return [];
      if (!rest.every((token) => find(index.known, token.slice(0, PREFIX)) >= 0)) return [];
      const slot = find(index.prefixes, first.slice(0, PREFIX));
      if (slot < 0) return [];
      const named: Place[] = [];
      const nearby: Place[] = [];
      const seen = new Set<string>();
      const end = Math.min(index.prefixAt[slot + 1]!, index.prefixAt[slot]! + SCAN_LIMIT);
      for (let at = index.prefixAt[slot]!; at < end; at += 1) {
        const entry = index.positions[at]!;
        if (!own(entry, first)) continue;
        if (!rest.every((token) => anywhere(entry, token))) continue;
        // Places whose own name holds every word come before those matched through region or country.
        const inName = rest.every((token) => own(entry, token));
        if (!inName && nearby.length >= limit) continue;
        const place = toPlace(entry, lang);
        if (seen.has(place.Label)) continue;
        seen.add(place.Label);
        (inName ? named : nearby).push(place);
        if (named.length >= limit) break;
      }
      return [...named, ...nearby].slice(0, limit);
    },
  };
}
