import { DATA, rangeOf, valueOf, type Figure } from './data.ts';
import { figuresOf, REFERENCES, type Choices } from './choices.ts';
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
  /** ± fraction of the weeks (the widest of the rates behind them). */
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

/**
 * Weeks per stage, each rounded up to whole weeks:
 *   design       = 4 + builtArea / 100
 *   permits      = the region's licence time (× 0.5 for a remodel)
 *   construction = builtArea / (system's m² per week × 3 for industrial sheds) (× 0.5 for a remodel)
 *   finishes     = builtArea / family's finishing m² per week
 */
export function timeOf(q: Quantities, family: Family, choices: Choices, region: Region): Time {
  const t = DATA.time;
  const remodel = choices.estadoProyecto === 'Remodelacion/Adecuacion' ? DATA.remodel : undefined;
  const system = (figuresOf.system(choices.sistemaConstructivo) ?? figuresOf.system(REFERENCES[family].sistemaConstructivo)!).m2PerWeek;
  const speed: Figure | undefined = family === 'industrial' ? t.industrialSpeed : undefined;
  const finishRate = t.finishesM2PerWeek[family];
  const weeks: Record<Stage, [number, Figure[]]> = {
    design: [valueOf(t.designBaseWeeks) + q.builtArea / valueOf(t.designM2PerWeek), [t.designBaseWeeks, t.designM2PerWeek]],
    permits: [
      valueOf(region.permitWeeks) * (remodel ? valueOf(remodel.permitTime) : 1),
      [region.permitWeeks, ...(remodel ? [remodel.permitTime] : [])],
    ],
    construction: [
      (q.builtArea / (valueOf(system) * (speed ? valueOf(speed) : 1))) * (remodel ? valueOf(remodel.constructionTime) : 1),
      [system, ...(speed ? [speed] : []), ...(remodel ? [remodel.constructionTime] : [])],
    ],
    finishes: [q.builtArea / valueOf(finishRate), [finishRate]],
  };
  const first = STAGES.indexOf(FIRST[choices.etapaProyecto] ?? 'design');
  let start = 0;
  const ranges: number[] = [];
  const stages = STAGES.map((stage, i): StageTime => {
    const done = i < first;
    const [raw, figures] = weeks[stage];
    if (!done) ranges.push(...figures.map(rangeOf));
    // whole weeks, rounded up (a tiny float error must not add a week)
    const w = done ? 0 : Math.ceil(raw - 1e-9);
    const row = { stage, weeks: w, start, done };
    start += w;
    return row;
  });
  return { stages, totalWeeks: start, uncertainty: ranges.length ? Math.max(...ranges) : 0 };
}
