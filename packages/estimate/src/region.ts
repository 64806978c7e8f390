import { foldText, LANGS } from '@obra/schema';
import aliases from './aliases.json' with { type: 'json' };
import { BUILDING_TYPES, DATA, rangeOf, valueOf, type BuildingType, type Figure } from './data.ts';

/** A country's ISO 3166-1 alpha-2 code. */
export type RegionCode = string;

/** A country as the estimate prices it: its currency, licence time and the survey market it leans on. */
export interface Region {
  /** ISO code of the country. */
  code: RegionCode;
  /** ISO 4217 code the estimate is given in: the country's when its rate was read, else US dollars. */
  currency: string;
  /** The licence time (its value × factor is in weeks): the country's, or the median of those read. */
  permitWeeks: Figure;
  /** The survey's market of this country, else the nearest comparable one (data.json `survey.nearest`). */
  market: string;
  /** That market is in another country: a figure it lends rests on a far market. */
  far: boolean;
}

/** Spellings people type that neither the runtime's country names nor the location search's give. */
const SPELLINGS: Record<string, string[]> = {
  US: ['united states of america', 'estados unidos de america', 'usa', 'eeuu', 'ee uu'],
  GB: ['reino unido', 'inglaterra', 'england'],
};

/** Every country the estimate knows: the survey's list of every ISO code and its nearest market. */
export const OFFERED_COUNTRIES: readonly string[] = Object.keys(DATA.survey.nearest);

/** A name as compared: folded (no case or accents), punctuation as spaces ("Côte d’Ivoire" → "cote d ivoire"). */
const plain = (name: string): string =>
  foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Folded names → ISO code: the ISO codes, the runtime's names in every language of the list, the names the location
 * search stores where they differ (aliases.json) and {@link SPELLINGS}. Made when the module loads
 * (naming 250 countries twice takes tens of ms), never while the visitor types.
 */
const NAMES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  for (const lang of LANGS) {
    let display: Intl.DisplayNames | undefined;
    try {
      display = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      display = undefined;
    }
    for (const code of OFFERED_COUNTRIES) {
      const name = display?.of(code);
      if (name && name !== code) names.set(plain(name), code);
    }
  }
  const { $comment: _, ...searched } = aliases as Record<string, string | string[]>;
  for (const [code, spellings] of [...Object.entries(searched), ...Object.entries(SPELLINGS)])
    for (const spelling of spellings) names.set(spelling, code);
  for (const code of OFFERED_COUNTRIES) names.set(code.toLowerCase(), code);
  return names;
})();

/**
 * The ISO code of a country as typed or chosen: its name in Spanish or English (as the location
 * search stores it, or the runtime names it) or its code, else the part before a comma or a
 * parenthesis ("Colombia, Antioquia"); undefined when none is given or none is known. No name is
 * guessed from its first words ("Estados Unidos Mexicanos" is not the United States).
 */
function countryCodeOf(country: string): RegionCode | undefined {
  const folded = plain(country);
  if (!folded) return undefined;
  return NAMES.get(folded) ?? NAMES.get(plain(country.split(/[,(;]/)[0]!));
}

/** US dollars per unit of `currency` at the dated rate of data.json (EUR is quoted the other way round). */
export function usdPer(currency: string): number | undefined {
  if (currency === 'USD') return 1;
  const rate = DATA.rates[currency];
  if (!rate) return undefined;
  return currency === 'EUR' ? valueOf(rate) : 1 / valueOf(rate);
}

/** The median of some numbers. */
function median(numbers: number[]): number {
  const values = [...numbers].sort((a, b) => a - b);
  const mid = values.length / 2;
  return values.length % 2 ? values[Math.floor(mid)]! : (values[mid - 1]! + values[mid]!) / 2;
}

/**
 * The licence time of a country without a figure of its own: the median of the figures of
 * data.json, in days, ±50 %.
 */
export const FALLBACK_PERMITS: Figure = (() => {
  const days = Object.values(DATA.permitDays).map((figure) => figure.value);
  return { value: median(days), unit: 'days', factor: 1 / 7, range: 0.5, derived: true };
})();

/** The region of a country as typed or chosen (see {@link countryCodeOf}); undefined without a known country. */
export function regionOf(country: string): Region | undefined {
  const code = countryCodeOf(country);
  if (!code) return undefined;
  const market = DATA.survey.nearest[code]!;
  const currency = DATA.countries[code]?.currency;
  return {
    code,
    currency: currency && usdPer(currency) !== undefined ? currency : 'USD',
    permitWeeks: DATA.permitDays[code] ?? FALLBACK_PERMITS,
    market,
    far: DATA.survey.markets[market]!.country !== code,
  };
}

// ---- The cost per m² of a building type in a country ----

/** How a cost per m² was arrived at. */
export type RateSource =
  /** A published figure of the country for this very type. */
  | 'own'
  /** The country's own figure of another type × the published ratio between the two types. */
  | 'ratio'
  /** The survey's market (the country's own city, or the nearest comparable one) × what the type costs against a market's average. */
  | 'survey';

/** The cost per m² of a type in a country, in its currency, with what it rests on. */
export interface Rate {
  /** Currency per m² built, on the contract basis (the builder's price before taxes and fees). */
  value: number;
  from: RateSource;
  /** The country's own figure it rests on (`own`: this type's; `ratio`: the anchor's). */
  figure?: Figure;
  /** The type of that own figure (differs from the building's for `ratio`). */
  anchor?: BuildingType;
  /** The survey market behind a survey figure. */
  market?: string;
  /** The figures behind the level, for the range. */
  figures: Figure[];
}

/** A figure's value on the contract basis: a direct cost × the builder's markup (data.json `markups.direct`). */
export const contractValue = (figure: Figure): number => valueOf(figure) * (figure.basis === 'direct' ? valueOf(DATA.markups.direct) : 1);

/**
 * Every set of figures by type from one source: each country's own figures grouped by source and
 * market, and the sets read for ratios only (data.json `typeSets`).
 */
const TYPE_SETS: Partial<Record<BuildingType, number>>[] = [
  ...Object.values(DATA.countries).flatMap(({ costs }) => {
    const sets = new Map<string, Partial<Record<BuildingType, number>>>();
    for (const [type, figure] of Object.entries(costs) as [BuildingType, Figure][]) {
      const key = `${figure.source} ${figure.market}`;
      sets.set(key, { ...sets.get(key), [type]: contractValue(figure) });
    }
    return [...sets.values()];
  }),
  ...DATA.typeSets.map((set) => set.costs),
];

/**
 * The median of some published values as a derived {@link Figure}: ± their median distance from it
 * (at least the survey's ±25 %, a single value having no spread of its own).
 */
function spread(values: number[], unit: string): Figure {
  const value = median(values);
  const distance = median(values.map((v) => Math.abs(v / value - 1)));
  return { value, unit, derived: true, range: Math.min(0.9, Math.max(DATA.survey.range, distance)) };
}

/**
 * The ratio of one type's cost per m² to another's: the median over the sets that publish both
 * (docs/estimate.md lists them), ± their median distance from it; 1 (± the survey's range) when none does.
 */
export const typeRatio = (() => {
  const cache = new Map<string, Figure>();
  return (type: BuildingType, anchor: BuildingType): Figure => {
    const key = `${type}/${anchor}`;
    if (!cache.has(key)) {
      const ratios = TYPE_SETS.filter((set) => set[type] && set[anchor]).map((set) => set[type]! / set[anchor]!);
      cache.set(key, spread(ratios.length ? ratios : [1], `${type} / ${anchor}`));
    }
    return cache.get(key)!;
  };
})();

/**
 * What a type costs per m² against its market's average in the survey: the median, over the
 * countries with a figure of their own of that type and a survey market of their own, of the one in
 * dollars over the other (± their median distance). With fewer than two such countries, the house's × the
 * ratio between the type and a house. Derived from data.json, so it follows its updates.
 */
export const perAverage = (() => {
  const cache = new Map<BuildingType, Figure>();
  const read = (type: BuildingType): number[] =>
    Object.entries(DATA.countries).flatMap(([code, { currency, costs }]) => {
      const market = DATA.survey.markets[DATA.survey.nearest[code] ?? ''];
      const usd = usdPer(currency);
      const figure = costs[type];
      return figure && figure.quality !== 'economic' && market?.country === code && usd
        ? [(contractValue(figure) * usd) / market.average]
        : [];
    });
  return (type: BuildingType): Figure => {
    if (!cache.has(type)) {
      const shares = read(type);
      if (shares.length >= 2) cache.set(type, spread(shares, `${type} / market average`));
      else {
        const house = spread(read('house'), 'house / market average');
        const ratio = typeRatio(type, 'house');
        cache.set(type, {
          value: valueOf(house) * valueOf(ratio),
          unit: `${type} / market average`,
          derived: true,
          range: Math.min(0.9, rangeOf(house) + rangeOf(ratio)),
        });
      }
    }
    return cache.get(type)!;
  };
})();

/** Where each type stands for {@link nearestType}: housing by height, offices after it, warehouses far from both. */
const PLACE: Record<BuildingType, number> = { house: 0, lowRise: 1, midRise: 2, highRise: 3, office: 3.5, warehouse: 8 };

/** Of the types `has` accepts, the closest to `type` (the lower one on a tie), if any. */
function nearestType(type: BuildingType, has: (t: BuildingType) => boolean): BuildingType | undefined {
  return [...BUILDING_TYPES].filter(has).sort((a, b) => Math.abs(PLACE[a] - PLACE[type]) - Math.abs(PLACE[b] - PLACE[type]))[0];
}

/** The survey's average of a market as a {@link Figure}: its source, date and the survey's range. */
function surveyFigure(market: string): Figure {
  const m = DATA.survey.markets[market]!;
  return {
    value: m.average,
    unit: 'USD/m2',
    currency: 'USD',
    date: m.date,
    source: m.source,
    factor: 1,
    range: DATA.survey.range,
    basis: DATA.survey.basis,
    market,
  };
}

/**
 * The cost per m² of `type` in a region, on the contract basis, in the region's currency:
 *   own    = the country's published figure of the type (× its factor: units, index; × the markup
 *            when it is a direct cost)
 *   ratio  = the country's own figure of the nearest type × ratio(type / that type)
 *   survey = the market's average (US dollars) × perAverage(type) / US dollars per unit of the currency
 * where ratio is the median of the published sets that have both types and the market is the
 * country's own survey city, else the nearest comparable one (docs/estimate.md).
 */
export function rateOf(region: Region, type: BuildingType): Rate {
  const costs = DATA.countries[region.code]?.costs ?? {};
  const own = costs[type];
  if (own) return { value: contractValue(own), from: 'own', figure: own, anchor: type, figures: [own] };
  // a figure of social or economic housing prices its own type, never another's
  const anchor = nearestType(type, (t) => costs[t] !== undefined && costs[t].quality !== 'economic');
  if (anchor) {
    const figure = costs[anchor]!;
    const ratio = typeRatio(type, anchor);
    return { value: contractValue(figure) * valueOf(ratio), from: 'ratio', figure, anchor, figures: [figure, ratio] };
  }
  const survey = surveyFigure(region.market);
  const share = perAverage(type);
  return {
    value: (survey.value * valueOf(share)) / usdPer(region.currency)!,
    from: 'survey',
    market: region.market,
    figures: [survey, share],
  };
}
