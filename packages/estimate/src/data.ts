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

type Pair = { building: Figure; industrial: Figure };
type Choice = { cost: Figure; rate: Figure };
type TradeName = 'structure' | 'envelope' | 'roof' | 'finishes' | 'installations' | 'designPermits';

/**
 * The shape of data.json. Declared rather than inferred from the JSON, so the published types do
 * not import it; tests/unit/estimate-data.test.ts checks the file itself.
 */
export interface EstimateData {
  /** Countries with a published figure of their own (ISO 3166-1 alpha-2). */
  countries: Record<string, { currency: string; housing: Figure; warehouse?: Figure; permitWeeks?: Figure }>;
  defaults: { permitWeeks: Figure };
  /** Units of each currency per US dollar (EUR: US dollars per euro), dated and sourced. */
  rates: Record<string, Figure>;
  uses: Partial<Record<string, Figure>>;
  tradeShares: Record<'building' | 'industrial', Record<TradeName, Figure>>;
  systems: Partial<Record<string, { structure: Figure; speed: Figure }>>;
  roofMaterials: Partial<Record<string, Choice>>;
  wallTypes: Partial<Record<string, Figure>>;
  facadeMaterials: Partial<Record<string, Choice>>;
  zones: Partial<Record<string, Figure>>;
  remodel: Record<TradeName | 'permitTime' | 'constructionTime', Figure>;
  geometry: {
    storeyHeight: Partial<Record<string, Figure>> & { housing: Figure };
    openingsBuilding: Figure;
    openingsIndustrial: Figure;
    pitch: Partial<Record<string, Figure>> & { Plano: Figure };
  };
  materials: { concrete: Pair; rebar: Figure; blocks: Figure; steel: Pair; panels: Figure; timber: Figure; bamboo: Figure; earth: Figure };
  time: {
    constructionWeeks: Pair;
    scaleExponent: Figure;
    maxConstructionWeeks: Figure;
    finishesShare: Figure;
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
