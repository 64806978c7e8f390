import type { ImageSpec } from '@obra/schema';
import { DESIGN_LIMITS, IMAGE_SPEC_FIELDS } from '@obra/schema';
import { byLang, createI18n, type Lang } from '@obra/i18n';
import { designForm } from '@obra/i18n/catalogues/design-form';
import type { DesignValues } from './values.ts';

// Keyed like the widget's own translator (designForm.…), so the catalogue check sees the keys used.
const CATALOGUES = byLang({ designForm });

type Labels = Record<string, string | { label: string }>;
const label = (labels: Labels, value: string) => {
  const entry = labels[value];
  return typeof entry === 'string' ? entry : (entry?.label ?? value);
};

/**
 * The description of the building, in Spanish whatever the page's language (docs/contributors/behaviour.md#entities: the
 * prompt is built in Spanish from use, specific use, system, roof design and material, facade
 * type and material); the words are design-form.json's `prompt.description`, so `lang` `en`
 * describes it in English. Unchosen parts are left out.
 */
export function describeDesign(values: DesignValues, lang: Lang = 'es'): string {
  const words = CATALOGUES[lang].designForm;
  const { t } = createI18n(CATALOGUES, lang);
  const chosen = (labels: Labels, value: string) => (value ? label(labels, value).toLowerCase() : '');
  const material = (labels: Labels, value: string) =>
    value ? t('designForm.prompt.description.material', { material: chosen(labels, value) }) : '';
  // A template whose optional parts are empty leaves doubled or trailing spaces.
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  const specific = values.uso === 'other' && values.usoEspecifico.trim() ? ` (${values.usoEspecifico.trim()})` : '';
  const parts = [
    (values.uso
      ? t('designForm.prompt.description.use', { use: chosen(words.uso.options, values.uso) })
      : t('designForm.prompt.description.building')) + specific,
    values.sistemaConstructivo &&
      t('designForm.prompt.description.system', { system: chosen(words.sistema.options, values.sistemaConstructivo) }),
    (values.diseno || values.materialCubierta) &&
      tidy(
        t('designForm.prompt.description.roof', {
          design: chosen(words.diseno.options, values.diseno),
          material: material(words.materialCubierta.options, values.materialCubierta),
        }),
      ),
    (values.tipoFachada || values.materialFachada) &&
      tidy(
        t('designForm.prompt.description.facade', {
          type: chosen(words.tipoFachada.options, values.tipoFachada),
          material: material(words.materialFachada.options, values.materialFachada),
        }),
      ),
  ];
  return parts.filter(Boolean).join(', ');
}

/** The image prompt: the translated frame around the Spanish description, trimmed and cut to 1000 characters. */
export function buildPrompt(values: DesignValues, frame: { prefix: string; suffix: string }): string {
  return `${frame.prefix}${describeDesign(values)}${frame.suffix}`.trim().slice(0, DESIGN_LIMITS.prompt);
}

/** The structured choices the image generator draws from (docs/contributors/behaviour.md#image-generation). */
export const imageSpecOf = (values: DesignValues): ImageSpec =>
  Object.fromEntries(IMAGE_SPEC_FIELDS.map((name) => [name, values[name]])) as ImageSpec;

/**
 * Whether `url` is an image the generator made, by the https rule (docs/contributors/behaviour.md#the-https-image-rule): https,
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
