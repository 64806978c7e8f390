import { DATA, rangeOf, valueOf, type Figure } from './data.ts';
import { isRemodel, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';
import type { Region } from './region.ts';

/** The stages of the timeline, in order. */
export const STAGES = ['design', 'permits', 'construction', 'finishes'] as const;
export type Stage = (typeof STAGES)[number];

/** The weeks of one stage; a stage the project has already passed has 0 weeks and `done`. */
export interface StageTime {
  stage: Stage;
  weeks: number;
  /** Weeks from today at which the stage starts (stages follow one another). */
  start: number;
  done: boolean;
}

/** The timeline from the project's current stage. */
export interface Time {
  stages: StageTime[];
  totalWeeks: number;
  /** ± fraction of the weeks (the widest of the figures behind them). */
  uncertainty: number;
}

// The form's project stage → the first stage still to do.
const FIRST: Record<string, Stage> = {
  Concepcion: 'design',
  'Planificacion y Diseno': 'design',
  Preconstruccion: 'permits',
  Construccion: 'construction',
  'Finalizacion de obra': 'finishes',
};

const M2_PER_FT2 = 0.09290304;
// The calibration points' built areas (m²): the sources give them in square feet.
const CALIBRATION_M2 = { building: 2647 * M2_PER_FT2, industrial: 50_000 * M2_PER_FT2 };

/**
 * Weeks per stage, each rounded up to whole weeks. Crews grow with the job, so time grows
 * sub-linearly with area and is bounded:
 *   build        = calibration weeks × (area / calibration area)^0.3247 (× 0.65 for a factory-made
 *                  system), at most 276 weeks (the world's tallest building's programme); the
 *                  calibration is a published programme per family, and a remodel counts as the
 *                  area whose new cost equals its own (built area × (1 − the structure's share))
 *   construction = build × (1 − finishes share); finishes = build × finishes share, the finishes'
 *                  share of the cost (a stage takes the share of the weeks its trades take of the cost)
 *   design       = min(52, 4 × (builtArea / 100)^0.3)
 *   permits      = the country's licence time (Doing Business), or the median of those figures
 */
export function timeOf(q: Quantities, family: Family, choices: Choices, region: Region): Time {
  const t = DATA.time;
  const shares = DATA.tradeShares;
  const remodel = isRemodel(choices);
  const factoryMade = DATA.factoryMade.includes(choices.sistemaConstructivo);
  const calibration = t.constructionWeeks[family];
  // the area the work amounts to: a remodel redoes all but the structure
  const area = q.builtArea * (remodel ? 1 - valueOf(shares.structure) : 1);
  const scaled = valueOf(calibration) * (area / CALIBRATION_M2[family]) ** valueOf(t.scaleExponent);
  const build = Math.min(valueOf(t.maxConstructionWeeks), scaled * (factoryMade ? valueOf(t.factoryMadeSpeed) : 1));
  const buildFigures = [calibration, t.scaleExponent, ...(factoryMade ? [t.factoryMadeSpeed] : []), ...(remodel ? [shares.structure] : [])];
  const finishes = valueOf(shares.finishes);
  const weeks: Record<Stage, [number, Figure[]]> = {
    design: [Math.min(valueOf(t.maxDesignWeeks), valueOf(t.designWeeks) * (q.builtArea / 100) ** 0.3), [t.designWeeks]],
    permits: [valueOf(region.permitWeeks), [region.permitWeeks]],
    construction: [build * (1 - finishes), buildFigures],
    finishes: [build * finishes, [...buildFigures, shares.finishes]],
  };
  const first = STAGES.indexOf(FIRST[choices.etapaProyecto] ?? 'design');
  let start = 0;
  const ranges: number[] = [];
  const stages = STAGES.map((stage, i): StageTime => {
    const done = i < first;
    const [raw, figures] = weeks[stage];
    if (!done) ranges.push(...figures.map(rangeOf));
    // whole weeks, rounded up (a tiny float error must not add a week), at least one
    const w = done ? 0 : Math.max(1, Math.ceil(raw - 1e-9));
    const row = { stage, weeks: w, start, done };
    start += w;
    return row;
  });
  return { stages, totalWeeks: start, uncertainty: ranges.length ? Math.max(...ranges) : 0 };
}
