import { foldText } from '@obra/schema';
import { DATA, valueOf, type Figure } from './data.ts';

/** A country's ISO 3166-1 alpha-2 code, or `other` for a country the form does not list. */
export type RegionCode = string;

/** A country's currency and base figures, as the estimate uses them. */
export interface Region {
  /** ISO code of the country, or `other`. */
  code: RegionCode;
  /** ISO 4217 code the estimate is given in. */
  currency: string;
  housing: Figure;
  /** The country's own warehouse figure; absent: housing × the warehouse use ratio. */
  warehouse?: Figure;
  /** The licence time (its value × factor is in weeks): the country's, or the median of those read. */
  permitWeeks: Figure;
  /** No published cost figure of this country was read: the Latin American median in US dollars. */
  fallback: boolean;
}

/**
 * The Spanish-speaking countries of the gazetteer, Spain and the United States, by the names the
 * location field stores (the gazetteer's es and en labels) and a few spellings people type.
 */
const NAMES: Record<string, string[]> = {
  AR: ['argentina'],
  BO: ['bolivia'],
  CL: ['chile'],
  CO: ['colombia'],
  CR: ['costa rica'],
  CU: ['cuba'],
  DO: ['republica dominicana', 'dominican republic'],
  EC: ['ecuador'],
  SV: ['el salvador'],
  GQ: ['guinea ecuatorial', 'equatorial guinea'],
  GT: ['guatemala'],
  HN: ['honduras'],
  MX: ['mexico'],
  NI: ['nicaragua'],
  PA: ['panama'],
  PY: ['paraguay'],
  PE: ['peru'],
  PR: ['puerto rico'],
  ES: ['espana', 'spain'],
  UY: ['uruguay'],
  VE: ['venezuela'],
  US: ['estados unidos', 'estados unidos de america', 'united states', 'united states of america', 'usa', 'eeuu'],
};
const CODES = new Map<string, string>(
  Object.entries(NAMES).flatMap(([code, names]) => [code.toLowerCase(), ...names].map((name): [string, string] => [name, code])),
);

/** The countries the form offers: each has figures of its own or the documented fallback. */
export const OFFERED_COUNTRIES: readonly string[] = Object.keys(NAMES);

/** US dollars per unit of `currency` at the dated rate of data.json (EUR is quoted the other way round). */
export function usdPer(currency: string): number | undefined {
  if (currency === 'USD') return 1;
  const rate = DATA.rates[currency];
  if (!rate) return undefined;
  return currency === 'EUR' ? valueOf(rate) : 1 / valueOf(rate);
}

/** The base cost per m² of housing of a country in US dollars, or undefined without a rate. */
const housingUsd = (code: string): number | undefined => {
  const country = DATA.countries[code]!;
  const usd = usdPer(country.currency);
  return usd === undefined ? undefined : valueOf(country.housing) * usd;
};

/** The median of some numbers. */
function median(numbers: number[]): number {
  const values = [...numbers].sort((a, b) => a - b);
  const mid = values.length / 2;
  return values.length % 2 ? values[Math.floor(mid)]! : (values[mid - 1]! + values[mid]!) / 2;
}

/**
 * The fallback: the median, in US dollars, of the Latin American countries with a figure of their
 * own (Spain and the United States aside), ±50 %; derived from data.json, so it follows its updates.
 */
export const FALLBACK_HOUSING: Figure = (() => {
  const values = Object.keys(DATA.countries)
    .filter((code) => code !== 'ES' && code !== 'US')
    .map(housingUsd)
    .filter((v): v is number => v !== undefined);
  return { value: Math.round(median(values)), unit: 'USD/m2', currency: 'USD', range: 0.5, derived: true };
})();

/**
 * The licence time of a country without a figure of its own (Cuba, any country the form does not
 * list): the median of the Doing Business figures of data.json, in days, ±50 % as the cost's fallback.
 */
export const FALLBACK_PERMITS: Figure = (() => {
  const days = Object.values(DATA.permitDays).map((figure) => figure.value);
  return { value: median(days), unit: 'days', factor: 1 / 7, range: 0.5, derived: true };
})();

/**
 * The country code of a country as typed or chosen: its ISO code, `other` for a country the form
 * does not list, undefined when none is given (no country is assumed: docs/estimate.md#limits).
 */
function countryCodeOf(country: string): RegionCode | undefined {
  const folded = foldText(country.trim());
  return folded === '' ? undefined : (CODES.get(folded) ?? 'other');
}

/** The region of a country as typed or chosen (see {@link countryCodeOf}); undefined without a country. */
export function regionOf(country: string): Region | undefined {
  const code = countryCodeOf(country);
  if (!code) return undefined;
  const own = DATA.countries[code];
  const permitWeeks = DATA.permitDays[code] ?? FALLBACK_PERMITS;
  if (own)
    return {
      code,
      currency: own.currency,
      housing: own.housing,
      ...(own.warehouse ? { warehouse: own.warehouse } : {}),
      permitWeeks,
      fallback: false,
    };
  return { code, currency: 'USD', housing: FALLBACK_HOUSING, permitWeeks, fallback: true };
}
