import { DATA, rangeOf, valueOf, type Figure } from './data.ts';
import { figuresOf, REFERENCES, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';
import { usdPer, type Region } from './region.ts';

/** The trades a cost is split into. */
export const TRADES = ['structure', 'envelope', 'roof', 'finishes', 'installations', 'designPermits'] as const;
export type Trade = (typeof TRADES)[number];

/** What can widen the range: the figures behind the level of the cost, by kind. */
export const DRIVERS = ['country', 'fallback', 'use', 'system', 'roof', 'wall', 'facade', 'zone', 'remodel'] as const;
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
  /** ± fraction of this trade (the widest of the figures behind it). */
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
  /** ± fraction of the total: the widest of the figures that set its level. */
  uncertainty: number;
  /** What sets the width, widest first (at most three), each with its ± fraction. */
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
 * The cost per trade and in total:
 *   rate  = base cost per m² of the country × use ratio (warehouses and factories: the country's
 *           own warehouse figure, else housing × the industrial ratio)
 *   trade = rate × trade share × driver quantity × choice ratio × remodel factor × zone factor
 * where the driver is the roof area for the roof and the built area otherwise, and a choice ratio
 * is the choice's factor over the family reference's (so the reference project costs the base).
 */
export function costOf(q: Quantities, family: Family, choices: Choices, region: Region): Cost {
  const reference = REFERENCES[family];
  const [base, useFactor] = baseOf(family, choices.uso, region);
  // rate = base (× its source factor) × use ratio (currency per m² built)
  const rate = valueOf(base) * (useFactor ? valueOf(useFactor) : 1);
  const shares = DATA.tradeShares[family];
  // The reference choice against itself is exactly 1, whatever the figure's own range.
  const ratio = (chosen: Figure | undefined, ref: Figure | undefined): [number, Figure[]] =>
    chosen && ref && chosen !== ref ? [valueOf(chosen) / valueOf(ref), [chosen, ref]] : [1, []];
  const [system, systemFigures] = ratio(
    figuresOf.system(choices.sistemaConstructivo)?.structure,
    figuresOf.system(reference.sistemaConstructivo)?.structure,
  );
  const [roof, roofFigures] = ratio(figuresOf.roof(choices.materialCubierta)?.cost, figuresOf.roof(reference.materialCubierta)?.cost);
  const [wall, wallFigures] = ratio(figuresOf.wall(choices.tipoFachada), figuresOf.wall(reference.tipoFachada));
  const [facade, facadeFigures] = ratio(figuresOf.facade(choices.materialFachada)?.cost, figuresOf.facade(reference.materialFachada)?.cost);
  const zone = figuresOf.zone(choices.zona);
  const remodel = choices.estadoProyecto === 'Remodelacion/Adecuacion' ? DATA.remodel : undefined;
  const per: Record<Trade, [number, number, Figure[]]> = {
    // [driver quantity, choice ratio, figures behind the ratio]
    structure: [q.builtArea, system, systemFigures],
    envelope: [q.builtArea, wall * facade, [...wallFigures, ...facadeFigures]],
    roof: [q.roofArea, roof, roofFigures],
    finishes: [q.builtArea, 1, []],
    installations: [q.builtArea, 1, []],
    designPermits: [q.builtArea, 1, []],
  };
  // What sets the level of the total, by kind (shares only move cost between trades).
  const level: [Driver, Figure[]][] = [
    [region.fallback ? 'fallback' : 'country', [base]],
    ['use', useFactor ? [useFactor] : []],
    ['system', systemFigures],
    ['roof', roofFigures],
    ['wall', wallFigures],
    ['facade', facadeFigures],
    ['zone', zone ? [zone] : []],
    ['remodel', remodel ? TRADES.map((trade) => remodel[trade]) : []],
  ];
  const widths = level
    .map(([driver, figures]) => ({ driver, range: Math.max(0, ...figures.map(rangeOf)) }))
    .filter((d) => d.range > 0)
    .sort((a, b) => b.range - a.range);
  const uncertainty = widths[0]?.range ?? 0;
  const trades = TRADES.map((trade): TradeCost => {
    const [driver, choiceRatio, figures] = per[trade];
    const factors = [base, ...(useFactor ? [useFactor] : []), ...figures, ...(remodel ? [remodel[trade]] : []), ...(zone ? [zone] : [])];
    // trade = rate × share × driver × choice ratio × remodel × zone
    const expected =
      rate * valueOf(shares[trade]) * driver * choiceRatio * (remodel ? valueOf(remodel[trade]) : 1) * (zone ? valueOf(zone) : 1);
    const tradeRange = Math.max(rangeOf(shares[trade]), ...factors.map(rangeOf));
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
    drivers: widths.slice(0, 3),
    expectedUsd: usd === undefined ? null : Math.round(total.expected * usd),
  };
}
