import { DATA } from './data.ts';
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
    sistemaConstructivo: 'mamposteria-confinada',
    diseno: 'Plano',
    materialCubierta: 'Arcilla/Concreto',
    tipoFachada: 'Tradicional',
    materialFachada: 'Ladrillo',
    zona: 'zone2',
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Concepcion',
  },
  industrial: {
    sistemaConstructivo: 'steel-framing',
    diseno: 'Plano',
    materialCubierta: 'Panel Sandwich',
    tipoFachada: 'Tradicional',
    materialFachada: 'Panel Sandwich',
    zona: 'zone2',
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Concepcion',
  },
};

/** The figures a choice brings, or undefined when the value is unknown (then the reference is used). */
export const figuresOf = {
  system: (value: string) => DATA.systems[value],
  roof: (value: string) => DATA.roofMaterials[value],
  facade: (value: string) => DATA.facadeMaterials[value],
  wall: (value: string) => DATA.wallTypes[value],
  zone: (value: string) => DATA.zones[value],
};
