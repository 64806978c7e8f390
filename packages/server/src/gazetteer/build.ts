import { perLang, type Lang } from '@obra/schema';
import { words } from './fold.ts';
import type { CountryNames, PlaceRecord } from './load.ts';

/**
 * The whole gazetteer as a few typed arrays and strings: no object per place, so 44,913 places
 * hold about 5 MB, and it crosses a worker boundary as one structured clone (worker.ts).
 *
 * Entries (countries and cities) are in rank order: larger first, a country ahead of a city of
 * the same size. A word list is a run of folded words each followed by one space ("san jose "),
 * so "a word starts with t" is `text.startsWith(t, p)` at each word start `p`, without slicing.
 */
export interface GazetteerIndex {
  /** How many entries. */
  readonly size: number;
  /** ISO code of each country slot. */
  readonly codes: readonly string[];
  /** The shown name of each country slot, per language. */
  readonly countryNames: { readonly es: readonly string[]; readonly en: readonly string[] };
  /** Each entry's country slot. */
  readonly country: Uint16Array;
  /** Shown city names and regions, back to back: entry e's name is text[textAt[2e], textAt[2e+1]), its region runs to textAt[2e+2]. */
  readonly text: string;
  readonly textAt: Uint32Array;
  /** Folded word lists: entry e's own words are folded[wordsAt[2e], wordsAt[2e+1]), its region's words run to wordsAt[2e+2]. */
  readonly folded: string;
  readonly wordsAt: Uint32Array;
  /** The folded words of each country slot's names in both languages: countryWords[countryAt[c], countryAt[c+1]). */
  readonly countryWords: string;
  readonly countryAt: Uint32Array;
  /** Sorted 1–3 letter prefixes of own words; prefix i's entries are positions[prefixAt[i], prefixAt[i+1]), ascending. */
  readonly prefixes: readonly string[];
  readonly prefixAt: Uint32Array;
  readonly positions: Uint32Array;
  /** Sorted: every prefix (up to 3 letters) of any word of any label, for refusing a hopeless query at once. */
  readonly known: readonly string[];
}

/** Prefixes this long or shorter are indexed; a longer query word walks its 3-letter list. */
export const PREFIX = 3;

const list = (items: readonly string[]) => items.map((word) => `${word} `).join('');

/** Appends strings to one text and records where each starts, for the `…At` offset arrays. */
function table() {
  const parts: string[] = [];
  const at: number[] = [0];
  return {
    add(part: string) {
      parts.push(part);
      at.push(at[at.length - 1]! + part.length);
    },
    text: () => parts.join(''),
    at: () => Uint32Array.from(at),
  };
}

/**
 * Builds the index: every country (its size: the people of its listed cities) and every city of
 * a known country, larger first; then, for each 1 to 3 letter prefix of an own word, the
 * ascending positions of the entries having it.
 */
export function buildIndex(cities: readonly PlaceRecord[], names: Record<Lang, CountryNames>): GazetteerIndex {
  const codes = Object.keys(names.es);
  const slot = new Map(codes.map((code, n) => [code, n]));
  const people = new Map<string, number>();
  for (const city of cities) people.set(city.country, (people.get(city.country) ?? 0) + city.population);
  const countryWords = codes.map((code) => [...new Set([...(names.es[code] ?? []), ...(names.en[code] ?? [])].flatMap(words))]);
  // A country's own words are its names; a city's are its name's (region and country words only narrow).
  const entries = [
    ...codes.map((code, n) => ({
      name: '',
      region: '',
      country: n,
      population: people.get(code) ?? 0,
      own: countryWords[n]!,
      near: [] as string[],
    })),
    ...cities.flatMap((city) => {
      const n = slot.get(city.country);
      return n === undefined
        ? []
        : [
            {
              name: city.name,
              region: city.region,
              country: n,
              population: city.population,
              own: words(city.name),
              near: words(city.region),
            },
          ];
    }),
  ];
  // A stable sort keeps a country ahead of a city of the same size.
  entries.sort((a, b) => b.population - a.population);

  const text = table();
  const folded = table();
  const lists = new Map<string, number[]>();
  const known = new Set<string>();
  const know = (word: string) => {
    for (let n = 1; n <= Math.min(PREFIX, word.length); n += 1) known.add(word.slice(0, n));
  };
  entries.forEach((entry, position) => {
    text.add(entry.name);
    text.add(entry.region);
    folded.add(list(entry.own));
    folded.add(list(entry.near));
    const prefixes = new Set(
      entry.own.flatMap((word) => Array.from({ length: Math.min(PREFIX, word.length) }, (_, n) => word.slice(0, n + 1))),
    );
    for (const prefix of prefixes) {
      const positions = lists.get(prefix);
      if (positions) positions.push(position);
      else lists.set(prefix, [position]);
    }
    for (const word of entry.own) know(word);
    for (const word of entry.near) know(word);
  });
  const countries = table();
  for (const own of countryWords) {
    countries.add(list(own));
    for (const word of own) know(word);
  }
  const prefixes = [...lists.keys()].sort();
  const prefixAt = new Uint32Array(prefixes.length + 1);
  prefixes.forEach((prefix, n) => (prefixAt[n + 1] = prefixAt[n]! + lists.get(prefix)!.length));
  const positions = new Uint32Array(prefixAt[prefixes.length]!);
  prefixes.forEach((prefix, n) => positions.set(lists.get(prefix)!, prefixAt[n]));
  return {
    size: entries.length,
    codes,
    countryNames: perLang((lang) => codes.map((code) => names[lang][code]?.[0] ?? code)),
    country: Uint16Array.from(entries, (entry) => entry.country),
    text: text.text(),
    textAt: text.at(),
    folded: folded.text(),
    wordsAt: folded.at(),
    countryWords: countries.text(),
    countryAt: countries.at(),
    prefixes,
    prefixAt,
    positions,
    known: [...known].sort(),
  };
}
