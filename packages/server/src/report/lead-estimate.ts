import { estimate, type EstimateInput } from '@obra/estimate';

/** The estimate's input from a stored report row (snake_case columns of migrations/002_reports.sql). */
export const estimateInputOf = (row: Readonly<Record<string, unknown>>): EstimateInput => {
  const text = (column: string) => (typeof row[column] === 'string' ? row[column] : '');
  return {
    uso: text('uso'),
    sistemaConstructivo: text('sistema_constructivo'),
    diseno: text('diseno'),
    tipoFachada: text('tipo_fachada'),
    materialCubierta: text('material_cubierta'),
    materialFachada: text('material_fachada'),
    estadoProyecto: text('estado_proyecto'),
    etapaProyecto: text('etapa_proyecto'),
    ancho: text('ancho'),
    longitud: text('longitud'),
    anchoEdificacion: text('ancho_edificacion'),
    largoEdificacion: text('largo_edificacion'),
    altoEdificacion: text('alto_edificacion'),
    pais: text('pais'),
    departamento: text('departamento'),
    ciudad: text('ciudad'),
  };
};

/** What the console keeps of a report's estimate (lead.estimate, migration 090). */
export interface LeadEstimate {
  low: number;
  expected: number;
  high: number;
  currency: string;
  weeks: number;
  drivers: string[];
  country: string;
  fallback: boolean;
}

/** The lead columns of a report's estimate: both null when its building was not measured. */
export function leadEstimateOf(row: Readonly<Record<string, unknown>>): { estimate: LeadEstimate | null; value_usd: number | null } {
  const e = estimate(estimateInputOf(row));
  if (!e.complete) return { estimate: null, value_usd: null };
  const { low, expected, high } = e.cost.total;
  return {
    estimate: {
      low,
      expected,
      high,
      currency: e.cost.currency,
      weeks: e.time.totalWeeks,
      drivers: e.cost.drivers.map((d) => d.driver),
      country: e.region,
      fallback: e.fallback,
    },
    value_usd: e.cost.expectedUsd,
  };
}
