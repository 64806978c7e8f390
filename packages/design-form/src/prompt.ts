import type { ImageSpec } from '@obra/schema';
import { DESIGN_LIMITS } from '@obra/schema';
import esDesignForm from '@obra/i18n/locales/es/design-form.json' with { type: 'json' };
import type { DesignValues } from './values.ts';

type Labels = Record<string, string | { label: string }>;
const label = (labels: Labels, value: string) => {
  const entry = labels[value];
  return typeof entry === 'string' ? entry : (entry?.label ?? value);
};

/**
 * The description of the building in Spanish, whatever the page's language (SPEC.md §3: the
 * prompt is built in Spanish from use, specific use, system, roof design and material, facade
 * type and material). Unchosen parts are left out.
 */
export function describeDesign(values: DesignValues): string {
  const es = esDesignForm;
  const use = values.uso ? `edificación de uso ${label(es.uso.options, values.uso).toLowerCase()}` : 'edificación';
  const specific = values.uso === 'other' && values.usoEspecifico.trim() ? ` (${values.usoEspecifico.trim()})` : '';
  const parts = [
    use + specific,
    values.sistemaConstructivo && `sistema constructivo ${label(es.sistema.options, values.sistemaConstructivo).toLowerCase()}`,
    (values.diseno || values.materialCubierta) &&
      ['cubierta', values.diseno && label(es.diseno.options, values.diseno).toLowerCase(), values.materialCubierta && `de ${label(es.materialCubierta.options, values.materialCubierta).toLowerCase()}`].filter(Boolean).join(' '),
    (values.tipoFachada || values.materialFachada) &&
      ['fachada', values.tipoFachada && label(es.tipoFachada.options, values.tipoFachada).toLowerCase(), values.materialFachada && `de ${label(es.materialFachada.options, values.materialFachada).toLowerCase()}`].filter(Boolean).join(' '),
  ];
  return parts.filter(Boolean).join(', ');
}

/** The image prompt: the translated frame around the Spanish description, trimmed and cut to 1000 characters. */
export function buildPrompt(values: DesignValues, frame: { prefix: string; suffix: string }): string {
  return `${frame.prefix}${describeDesign(values)}${frame.suffix}`.trim().slice(0, DESIGN_LIMITS.prompt);
}

/** The structured choices the image generator draws from (DESIGN.md §5.6). */
export function imageSpecOf(values: DesignValues): ImageSpec {
  const { uso, sistemaConstructivo, diseno, tipoFachada, materialCubierta, materialFachada, zona, ancho, longitud, anchoEdificacion, largoEdificacion, altoEdificacion } = values;
  return { uso, sistemaConstructivo, diseno, tipoFachada, materialCubierta, materialFachada, zona, ancho, longitud, anchoEdificacion, largoEdificacion, altoEdificacion } as ImageSpec;
}

/**
 * Whether `url` is an image the generator made, as DESIGN.md §5.5 reads the https rule: https,
 * or served by the configured API origin (a local setup on http). An empty url never counts.
 */
export function isGeneratedImage(url: string, apiBase: string): boolean {
  if (!url) return false;
  try {
    const image = new URL(url);
    if (image.protocol === 'https:') return true;
    return image.origin === new URL(apiBase, globalThis.location?.href).origin;
  } catch {
    return false;
  }
}
