import { DATA, rangeOf, valueOf, type Figure } from './data.ts';
import { isRemodel, REFERENCES, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';
import { usdPer, type Region } from './region.ts';

/** The trades a cost is split into. */
export const TRADES = ['structure', 'envelope', 'roof', 'finishes', 'installations', 'designPermits'] as const;
export type Trade = (typeof TRADES)[number];

/** What can widen the range: the figures behind the level of the cost, by kind. */
export const DRIVERS = ['country', 'fallback', 'use', 'remodel', 'system', 'roof', 'facade'] as const;
export type Driver = (typeof DRIVERS)[number];

/** A cost range in the estimate's currency (whole units). */
export interface Range {
  low: number;
  expected: number;
  high: number;
}

/** The cost of one trade: its range and its ± fraction. */
export interface TradeCost extends Range {
  trade: Trade;
  /** ± fraction of this trade (the widest of the figures behind it; 1 when its choice is not priced). */
  uncertainty: number;
}

/** The cost of the project. */
export interface Cost {
  /** ISO 4217 code. */
  currency: string;
  /** Cost per m² built of the reference project, after the use factor. */
  ratePerM2: number;
  trades: TradeCost[];
  total: Range;
  perM2: Range;
  /** ± fraction of the total: the widest figure behind its level, plus the share of each unpriced trade. */
  uncertainty: number;
  /** What sets the width, widest first, each with its ± fraction. */
  drivers: { driver: Driver; range: number }[];
  /** The expected total in US dollars at the dated rate of data.json (null without a rate). */
  expectedUsd: number | null;
}

/** A range of ± `r` around `expected`, rounded to whole units. */
export const rangeAround = (expected: number, r: number): Range => ({
  low: Math.round(expected * (1 - r)),
  expected: Math.round(expected),
  high: Math.round(expected * (1 + r)),
});

/** The base cost per m² of the family, and the use ratio that applies to it. */
function baseOf(family: Family, uso: string, region: Region): [Figure, Figure | undefined] {
  if (family === 'industrial') return region.warehouse ? [region.warehouse, undefined] : [region.housing, DATA.uses.warehouse];
  return [region.housing, DATA.uses[uso]];
}

/**
 * The choices no published factor prices, when the visitor's differ from the reference: each could
 * make its trade cost anything from nothing to double, so it widens the range by the trade's share.
 */
function unpriced(family: Family, choices: Choices): [Driver, Trade][] {
  const reference = REFERENCES[family];
  const differs = (...fields: (keyof typeof reference)[]) => fields.some((field) => choices[field] !== reference[field]);
  return [
    // a remodel keeps the structure, so its system costs nothing
    ...(differs('sistemaConstructivo') && !isRemodel(choices) ? [['system', 'structure'] as [Driver, Trade]] : []),
    ...(differs('materialCubierta', 'diseno') ? [['roof', 'roof'] as [Driver, Trade]] : []),
    ...(differs('materialFachada', 'tipoFachada') ? [['facade', 'envelope'] as [Driver, Trade]] : []),
  ];
}

/**
 * The cost per trade and in total:
 *   rate  = base cost per m² of the country × use ratio (warehouses and factories: the country's
 *           own warehouse figure, else housing × the industrial ratio)
 *   trade = rate × trade share × driver quantity (× 0 for the structure a remodel keeps)
 *   range = the widest figure behind the level + the share of each trade whose choice is not priced
 * where the driver is the roof area for the roof and the built area otherwise. The construction
 * system, roof and facade do not change the expected cost (no published factor was found for them)
 * but widen its range; the zone changes neither (docs/estimate.md).
 */
export function costOf(q: Quantities, family: Family, choices: Choices, region: Region): Cost {
  const [base, useFactor] = baseOf(family, choices.uso, region);
  // rate = base (× its source factor) × use ratio (currency per m² built)
  const rate = valueOf(base) * (useFactor ? valueOf(useFactor) : 1);
  const shares = DATA.tradeShares;
  const remodel = isRemodel(choices);
  // What sets the level of the total, by kind (shares only move cost between trades, except the
  // structure's, which sets how much of the building a remodel redoes).
  const level: [Driver, Figure[]][] = [
    [region.fallback ? 'fallback' : 'country', [base]],
    ['use', useFactor ? [useFactor] : []],
    ['remodel', remodel ? [shares.structure] : []],
  ];
  const levels = level.map(([driver, figures]) => ({ driver, range: Math.max(0, ...figures.map(rangeOf)) })).filter((d) => d.range > 0);
  const open = unpriced(family, choices);
  const widening = open.map(([driver, trade]) => ({ driver, range: valueOf(shares[trade]) }));
  // ± = the widest level figure + each unpriced trade's share
  const uncertainty = Math.max(0, ...levels.map((d) => d.range)) + widening.reduce((sum, d) => sum + d.range, 0);
  const widths = [...widening, ...levels].sort((a, b) => b.range - a.range);
  const levelRange = Math.max(rangeOf(base), useFactor ? rangeOf(useFactor) : 0);
  const trades = TRADES.map((trade): TradeCost => {
    const driver = trade === 'roof' ? q.roofArea : q.builtArea;
    // trade = rate × share × driver, none of the structure for a remodel
    const expected = remodel && trade === 'structure' ? 0 : rate * valueOf(shares[trade]) * driver;
    // an unpriced trade: anything from nothing to double
    const tradeRange = open.some(([, t]) => t === trade) ? 1 : Math.max(rangeOf(shares[trade]), levelRange);
    return { trade, ...rangeAround(expected, tradeRange), uncertainty: tradeRange };
  });
  // total = Σ trades (each rounded), ± the widest level figure
  const total = rangeAround(
    trades.reduce((sum, t) => sum + t.expected, 0),
    uncertainty,
  );
  // perM2 = total / builtArea
  const perM2 = {
    low: Math.round(total.low / q.builtArea),
    expected: Math.round(total.expected / q.builtArea),
    high: Math.round(total.high / q.builtArea),
  };
  const usd = usdPer(region.currency);
  return {
    currency: region.currency,
    ratePerM2: Math.round(rate),
    trades,
    total,
    perM2,
    uncertainty,
    drivers: widths,
    expectedUsd: usd === undefined ? null : Math.round(total.expected * usd),
  };
}
