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
  factor?: number;
  /** The source of the index behind `factor` (e.g. a construction cost index). */
  adjustedBy?: string;
  currency?: string;
  date?: string;
}

/** The figures of the estimate (data.json), typed loosely enough to walk. */
export const DATA = data as unknown as typeof data & Record<string, unknown>;

/** The value to compute with: the figure's value times its conversion or inflation factor. */
export const valueOf = (figure: Figure): number => figure.value * (figure.factor ?? 1);

/** The ± fraction of a figure: a reference factor (exactly 1) adds none. */
export const rangeOf = (figure: Figure): number => (figure.reference ? 0 : (figure.range ?? 0));
