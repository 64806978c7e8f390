import { words } from './fold.ts';
import { loadCities, loadCountryNames, type CountryNames, type PlaceRecord } from './load.ts';

/** One answer of the location search, in the Place shape of SPEC.md §7. */
export interface Place {
  Label: string;
  Country: string;
  /** The region (department, state); '' for a country. */
  Region: string;
  /** The city; '' for a country. */
  Municipality: string;
}

/** The offline place search behind GET /api/location. */
export interface Gazetteer {
  readonly size: number;
  /** Up to `limit` places whose words start with the query's words, larger first; [] under 3 characters. */
  search(query: string, lang: 'es' | 'en', limit?: number): Place[];
}

interface Entry extends PlaceRecord {
  /** Folded words of the place's own name: the query's first word must start one of them. */
  own: string[];
  /** Folded words of the whole label in both languages: the other query words may match any. */
  all: string[];
}

const MIN_QUERY = 3;
const PREFIX = 3;
/**
 * The most entries one search looks at: a short first word (`a zzzz`) has a list of thousands of
 * places that the other words then rule out one by one. The list is in size order, so the places
 * looked at are the largest ones, which are the ones worth suggesting anyway.
 */
const SCAN_LIMIT = 20_000;

/**
 * Builds the search index: every country (its size: the people of its listed cities) and every
 * city, larger first; then, for each 1 to 3 letter prefix of an own
 * word, the ascending positions of the entries having it. A search walks one such list in rank
 * order and stops at the limit, so its cost does not grow with the size of the data.
 */
export function createGazetteer(cities: PlaceRecord[] = loadCities(), names: Record<'es' | 'en', CountryNames> = { es: loadCountryNames('es'), en: loadCountryNames('en') }): Gazetteer {
  const people = new Map<string, number>();
  for (const city of cities) people.set(city.country, (people.get(city.country) ?? 0) + city.population);
  const countryWords = (code: string) => [...(names.es[code] ?? []), ...(names.en[code] ?? [])].flatMap(words);
  const countries: Entry[] = Object.keys(names.es).map((code) => {
    const own = [...new Set(countryWords(code))];
    return { name: '', region: '', country: code, population: people.get(code) ?? 0, own, all: own };
  });
  const towns: Entry[] = cities
    .filter((city) => names.es[city.country])
    .map((city) => {
      const own = words(city.name);
      return { ...city, own, all: [...new Set([...own, ...words(city.region), ...countryWords(city.country)])] };
    });
  // A stable sort keeps a country ahead of a city of the same size.
  const entries = [...countries, ...towns].sort((a, b) => b.population - a.population);
  const lists = new Map<string, number[]>();
  entries.forEach((entry, position) => {
    const prefixes = new Set(entry.own.flatMap((word) => Array.from({ length: Math.min(PREFIX, word.length) }, (_, n) => word.slice(0, n + 1))));
    for (const prefix of prefixes) {
      const list = lists.get(prefix);
      if (list) list.push(position);
      else lists.set(prefix, [position]);
    }
  });
  const index = new Map([...lists].map(([prefix, list]) => [prefix, Uint32Array.from(list)]));
  // Every prefix any word of any label starts with: a query word none has matches nothing, at once.
  const known = new Set<string>();
  for (const entry of entries) for (const word of entry.all) known.add(word.slice(0, PREFIX));
  for (const prefix of [...known]) for (let n = 1; n < prefix.length; n += 1) known.add(prefix.slice(0, n));

  const toPlace = (entry: Entry, lang: 'es' | 'en'): Place => {
    const country = names[lang][entry.country]?.[0] ?? entry.country;
    if (!entry.name) return { Label: country, Country: country, Region: '', Municipality: '' };
    const label = [entry.name, entry.region === entry.name ? '' : entry.region, country].filter(Boolean).join(', ');
    return { Label: label, Country: country, Region: entry.region, Municipality: entry.name };
  };

  return {
    size: entries.length,
    search(query, lang, limit = 10) {
      const tokens = words(query.slice(0, 100));
      const [first, ...rest] = tokens;
      if (query.trim().length < MIN_QUERY || !first) return [];
      if (!rest.every((token) => known.has(token.slice(0, PREFIX)))) return [];
      const named: Place[] = [];
      const nearby: Place[] = [];
      const seen = new Set<string>();
      const list = index.get(first.slice(0, PREFIX)) ?? new Uint32Array();
      for (const position of list.subarray(0, SCAN_LIMIT)) {
        const entry = entries[position]!;
        if (!entry.own.some((word) => word.startsWith(first))) continue;
        if (!rest.every((token) => entry.all.some((word) => word.startsWith(token)))) continue;
        // Places whose own name holds every word come before those matched through region or country.
        const inName = rest.every((token) => entry.own.some((word) => word.startsWith(token)));
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
