// The company's projects the home and values pages show (docs/contributors/behaviour.md#screens, the values page: a gallery of three
// images): each one drawn at build time by the illustrator that draws the design form's images
// (host/build.ts writes dist/host/img/<file>), from the same choices a visitor makes, and
// captioned with `host.projects.items.<caption>` (locales/*/host.json).
import { validateImageSpec } from '@obra/schema';

/** One project: its caption's key, the file its picture is served as (under /img/) and the choices it is drawn from. */
export interface Project {
  caption: 'house' | 'warehouse' | 'commercial';
  file: string;
  choices: Record<string, string>;
}

export const PROJECTS: readonly [Project, Project, Project] = [
  {
    caption: 'house',
    file: 'project-house.svg',
    choices: {
      uso: 'housing',
      sistemaConstructivo: 'modular',
      diseno: 'Doble pendiente',
      tipoFachada: 'Ligeras',
      materialFachada: 'Madera',
      materialCubierta: 'Arcilla/Concreto',
      zona: 'zone1',
      ancho: '16',
      longitud: '22',
      anchoEdificacion: '8',
      largoEdificacion: '10',
      altoEdificacion: '6',
    },
  },
  {
    caption: 'warehouse',
    file: 'project-warehouse.svg',
    choices: {
      uso: 'warehouse',
      sistemaConstructivo: 'paneles-sandwich',
      diseno: 'Una sola pendiente',
      materialFachada: 'Panel Sandwich',
      materialCubierta: 'Panel Sandwich',
      zona: 'zone3',
      anchoEdificacion: '30',
      largoEdificacion: '40',
      altoEdificacion: '9',
    },
  },
  {
    caption: 'commercial',
    file: 'project-commercial.svg',
    choices: {
      uso: 'commercial',
      sistemaConstructivo: 'concreto-reforzado',
      diseno: 'Plano',
      tipoFachada: 'Ventilada',
      materialFachada: 'Vidrio',
      materialCubierta: 'Techo Ecologico',
      zona: 'zone2',
      anchoEdificacion: '18',
      largoEdificacion: '16',
      altoEdificacion: '12',
    },
  },
];

/** A project's choices as the illustrator takes them: every field, checked as the API checks a visitor's. */
export function projectSpec(project: Project) {
  const spec = validateImageSpec(project.choices);
  if (!spec.ok) throw new Error(`${project.file}: ${JSON.stringify(spec.errors)}`);
  return spec.value;
}

/** A project's picture as the pages link it. */
export const projectUrl = (project: Project): string => `/img/${project.file}`;
