import data from './data.json' with { type: 'json' };

/**
 * A figure of data.json: a value with its unit, and either a source (with its currency, date and
 * conversion factor), an explicit `unsourced` flag, or `reference` (exactly 1 by definition).
 */
export interface Figure {
  value: number;
  unit: string;
  range?: number;
  source?: string;
  unsourced?: boolean;
  reference?: boolean;
  /** Computed from other figures of data.json (e.g. the fallback country's median). */
  derived?: boolean;
  factor?: number;
  /** The source of the index behind `factor` (e.g. a construction cost index). */
  adjustedBy?: string;
  currency?: string;
  date?: string;
  /**
   * What a cost figure covers: `direct` (materials, labour and plant only), `contract` (also the
   * builder's overheads and profit: what the estimate gives) or `total` (also fees or taxes). Its
   * `factor` brings it to `contract`, the arithmetic in sources.json.
   */
  basis?: Basis;
  /** The city or region a cost figure measures (`national` for a country's own average). */
  market?: string;
  /** The quality a cost figure measures, when not the standard one (social housing is `economic`). */
  quality?: 'economic' | 'high';
}

/** What a cost covers (see {@link Figure.basis}). */
export type Basis = 'direct' | 'contract' | 'total';

/**
 * What is built, as the cost sources tell buildings apart: a single-family house, multi-family
 * housing by height (low-rise up to 4 storeys, mid-rise 5 to 12, high-rise 13 and up), offices
 * and commercial buildings, and warehouses or industrial sheds.
 */
export const BUILDING_TYPES = ['house', 'lowRise', 'midRise', 'highRise', 'office', 'warehouse'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/** A country's figures: its currency and the cost per m² of the building types a source of its own measures. */
interface CountryData {
  currency: string;
  costs: Partial<Record<BuildingType, Figure>>;
}

/**
 * An international survey of construction costs by city, in US dollars per m² on the survey's
 * basis: each market's average over the survey's basket of building types (its headline figure),
 * and the nearest comparable market of every country (ISO code → market).
 */
interface Survey {
  source: string;
  currency: 'USD';
  date: string;
  basis: Basis;
  /** ± fraction of a market's figure. */
  range: number;
  /** Each market by its English name, with its Spanish one where it differs (`es`). */
  markets: Record<string, { country: string; average: number; date: string; source: string; es?: string }>;
  nearest: Record<string, string>;
}

/** Figures of several building types from one source, one date and one market: the ratios between types come from these. */
interface TypeSet {
  source: string;
  date: string;
  market: string;
  costs: Partial<Record<BuildingType, number>>;
}

type TradeName = 'structure' | 'envelope' | 'roof' | 'finishes' | 'installations' | 'designPermits';

/**
 * The shape of data.json. Declared rather than inferred from the JSON, so the published types do
 * not import it; tests/unit/estimate-data.test.ts checks the file itself.
 */
export interface EstimateData {
  /** Countries with a currency rate or a published cost figure of their own (ISO 3166-1 alpha-2). */
  countries: Record<string, CountryData>;
  survey: Survey;
  /** The short name of the publisher of each source a cost figure cites (the form names it). */
  publishers: Record<string, string>;
  /** The construction systems a published source prices against the type's reference, as a factor of its cost. */
  systemFactors: Partial<Record<string, Figure>>;
  /** What a market of another country adds to the range of a figure it lends. */
  farMarket: Figure;
  /** Sets of figures by type that are not a country's costs (older, or of another quality), read for the ratios between types only. */
  typeSets: TypeSet[];
  /** What a builder adds to a direct cost: a figure whose basis is `direct` is brought to `contract` by it. */
  markups: { direct: Figure };
  /** Days of a country's building licence (Doing Business 2020: a warehouse), by ISO code. */
  permitDays: Record<string, Figure>;
  /** A country's residential licence time where one was published (value × factor in weeks), by ISO code. */
  residentialPermits: Record<string, Figure>;
  /** Units of each currency per US dollar (EUR: US dollars per euro), dated and sourced. */
  rates: Record<string, Figure>;
  /** The split of a building's cost by trade (the average US house's), for every family. */
  tradeShares: Record<TradeName, Figure>;
  /** The construction systems made of factory elements: they take the factory-made speed. */
  factoryMade: string[];
  /** Units of roof material per m² of roof, by roof material. */
  roofRates: Partial<Record<string, Figure>>;
  /** Units of facade material per m² of wall, by facade material. */
  facadeRates: Partial<Record<string, Figure>>;
  geometry: {
    storeyHeight: Partial<Record<string, Figure>> & { housing: Figure };
    openings: { building: Figure; industrial: Figure };
  };
  materials: {
    /** Concrete (m³) and steel (kg) per m² of floor of a reinforced-concrete structure, by storeys. */
    frameConcrete: Record<string, Figure>;
    frameRebar: Record<string, Figure>;
    masonryConcrete: Figure;
    masonryRebar: Figure;
    footingConcrete: Figure;
    footingRebar: Figure;
    groundSlab: Figure;
    slabOnGrade: Figure;
    /** Wall per m² built of dwellings, outer walls included. */
    walls: Figure;
    blocks: Figure;
    /** Steel of a shed's frame per m² covered, by span (m). */
    shedSteel: Record<string, Figure>;
    panels: Figure;
    earth: Figure;
    timber: Figure;
    bamboo: Figure;
    precastSlabs: Figure;
  };
  time: {
    constructionWeeks: { building: Figure; industrial: Figure };
    scaleExponent: Figure;
    /** A published programme of a 5-level apartment block, and of a 27-storey tower (time.ts). */
    blockWeeks: Figure;
    towerWeeks: Figure;
    maxConstructionWeeks: Figure;
    factoryMadeSpeed: Figure;
    designWeeks: Figure;
    maxDesignWeeks: Figure;
  };
}

/** The figures of the estimate (data.json). */
export const DATA = data as EstimateData;

/** The value to compute with: the figure's value times its conversion or inflation factor. */
export const valueOf = (figure: Figure): number => figure.value * (figure.factor ?? 1);

/** The ± fraction of a figure: a reference factor (exactly 1) adds none. */
export const rangeOf = (figure: Figure): number => (figure.reference ? 0 : (figure.range ?? 0));
