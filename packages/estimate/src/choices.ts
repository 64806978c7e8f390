import type { BuildingType } from './data.ts';
import type { Family } from './quantities.ts';

/**
 * The choices the estimate uses, each filled with the family's reference when the visitor left it
 * empty. The zone is not among them: no published location factor within a country was found. The
 * system, roof and facade choices set the materials and, when they are not the reference, widen the
 * range (cost.ts): no published factor prices them (docs/estimate.md).
 */
export interface Choices {
  uso: string;
  sistemaConstructivo: string;
  diseno: string;
  materialCubierta: string;
  tipoFachada: string;
  materialFachada: string;
  estadoProyecto: string;
  etapaProyecto: string;
}

/** The reference choice of each field, per family: what the base cost per m² describes. */
export const REFERENCES: Record<Family, Omit<Choices, 'uso'>> = {
  building: {
    sistemaConstructivo: 'mamposteria-confinada',
    diseno: 'Plano',
    materialCubierta: 'Arcilla/Concreto',
    tipoFachada: 'Tradicional',
    materialFachada: 'Ladrillo',
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Concepcion',
  },
  industrial: {
    sistemaConstructivo: 'steel-framing',
    diseno: 'Plano',
    materialCubierta: 'Panel Sandwich',
    tipoFachada: 'Tradicional',
    materialFachada: 'Panel Sandwich',
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Concepcion',
  },
};

/** The types whose sources price a reinforced-concrete frame (blocks of 5 storeys and more, towers, offices). */
const FRAMED: readonly BuildingType[] = ['midRise', 'highRise', 'office'];

/** The reference choices of a building type: its family's, with a concrete frame for the framed types. */
export const referenceOf = (family: Family, type: BuildingType): Omit<Choices, 'uso'> =>
  FRAMED.includes(type) ? { ...REFERENCES[family], sistemaConstructivo: 'concreto-reforzado' } : REFERENCES[family];

/** Whether the project is a remodel: it keeps the structure (cost.ts, time.ts). */
export const isRemodel = (choices: Choices): boolean => choices.estadoProyecto === 'Remodelacion/Adecuacion';
