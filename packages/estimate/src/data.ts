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
}

type TradeName = 'structure' | 'envelope' | 'roof' | 'finishes' | 'installations' | 'designPermits';

/**
 * The shape of data.json. Declared rather than inferred from the JSON, so the published types do
 * not import it; tests/unit/estimate-data.test.ts checks the file itself.
 */
export interface EstimateData {
  /** Countries with a published cost figure of their own (ISO 3166-1 alpha-2). */
  countries: Record<string, { currency: string; housing: Figure; warehouse?: Figure }>;
  /** Days of a country's building licence (Doing Business 2020), by ISO code. */
  permitDays: Record<string, Figure>;
  /** Units of each currency per US dollar (EUR: US dollars per euro), dated and sourced. */
  rates: Record<string, Figure>;
  uses: Partial<Record<string, Figure>>;
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
    rcFloorConcrete: Figure;
    rcFloorRebar: Figure;
    blocks: Figure;
    slabOnGrade: Figure;
    shedSteel: Figure;
    panels: Figure;
    earth: Figure;
  };
  time: {
    constructionWeeks: { building: Figure; industrial: Figure };
    scaleExponent: Figure;
    maxConstructionWeeks: Figure;
    factoryMadeSpeed: Figure;
    designWeeks: Figure;
    maxDesignWeeks: Figure;
  };
}

/** The figures of the estimate (data.json). */
export const DATA: EstimateData = data;

/** The value to compute with: the figure's value times its conversion or inflation factor. */
export const valueOf = (figure: Figure): number => figure.value * (figure.factor ?? 1);

/** The ± fraction of a figure: a reference factor (exactly 1) adds none. */
export const rangeOf = (figure: Figure): number => (figure.reference ? 0 : (figure.range ?? 0));
