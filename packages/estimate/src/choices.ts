import { DATA, type Figure } from './data.ts';
import type { Family } from './quantities.ts';

/** The choices the estimate uses, each filled with the family's reference when the visitor left it empty. */
export interface Choices {
  uso: string;
  sistemaConstructivo: string;
  diseno: string;
  materialCubierta: string;
  tipoFachada: string;
  materialFachada: string;
  zona: string;
  estadoProyecto: string;
  etapaProyecto: string;
}

/** The reference choice of each field, per family: what the base cost per m² describes. */
export const REFERENCES: Record<Family, Omit<Choices, 'uso'>> = {
  building: {
    sistemaConstructivo: 'mamposteria-confinada', diseno: 'Plano', materialCubierta: 'Arcilla/Concreto', tipoFachada: 'Tradicional', materialFachada: 'Ladrillo',
    zona: 'zone2', estadoProyecto: 'Nueva', etapaProyecto: 'Concepcion',
  },
  industrial: {
    sistemaConstructivo: 'steel-framing', diseno: 'Plano', materialCubierta: 'Panel Sandwich', tipoFachada: 'Tradicional', materialFachada: 'Panel Sandwich',
    zona: 'zone2', estadoProyecto: 'Nueva', etapaProyecto: 'Concepcion',
  },
};

type Table = Record<string, Figure>;
const systems = DATA.systems as unknown as Record<string, { structure: Figure; m2PerWeek: Figure }>;
const roofs = DATA.roofMaterials as unknown as Record<string, { cost: Figure; rate: Figure }>;
const facades = DATA.facadeMaterials as unknown as Record<string, { cost: Figure; rate: Figure }>;

/** The figures a choice brings, or undefined when the value is unknown (then the reference is used). */
export const figuresOf = {
  system: (value: string) => systems[value],
  roof: (value: string) => roofs[value],
  facade: (value: string) => facades[value],
  wall: (value: string) => (DATA.wallTypes as unknown as Table)[value],
  zone: (value: string) => (DATA.zones as unknown as Table)[value],
};
