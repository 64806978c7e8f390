import { useState, type ReactNode } from 'react';
import type { I18n } from '@obra/i18n';
import { CheckboxGroup, GroupedRadioGroup, RadioGroup, TextField } from '@obra/ui';
import {
  CONSTRUCTION_SYSTEM_GROUPS,
  DESIGN_LIMITS,
  EXTRAS,
  FACADE_MATERIALS,
  PROJECT_STAGES,
  PROJECT_STATES,
  ROOF_DESIGNS,
  ROOF_MATERIALS,
  USES,
  WALL_TYPES,
  ZONES,
  type LimitsOf,
} from '@obra/schema';
import type { DesignFormCatalogue } from './catalogues.ts';
import { LocationField } from './location-field.tsx';
import { Section } from './section.tsx';
import type { DesignFormState } from './store.ts';
import { DIMENSION_FIELDS, type DesignField } from './values.ts';

/** The sections, in order; those with a lightning button generate the image from the choices. */
const SECTIONS = ['project', 'location', 'dimensions', 'use', 'system', 'roof', 'facade', 'zone', 'extras'] as const;
export type SectionName = (typeof SECTIONS)[number];
const GENERATES: ReadonlySet<SectionName> = new Set(['dimensions', 'use', 'system', 'roof', 'facade', 'zone']);

/** Keeps at most 5 digits (docs/contributors/behaviour.md#validation); a longer entry leaves the previous value. */
function clampDimension(next: string, previous: string): string {
  return next.replace(/\D/g, '').length > DESIGN_LIMITS.dimensionDigits ? previous : next;
}

export interface SectionsProps {
  state: DesignFormState;
  i18n: I18n<DesignFormCatalogue>;
  apiBase: string;
  lang: string;
  onGenerate: () => void;
  log: (...what: unknown[]) => void;
}

/** Every field of docs/contributors/behaviour.md#entities in collapsible sections; the first is open. */
export function Sections({ state, i18n, apiBase, lang, onGenerate, log }: SectionsProps) {
  const { t } = i18n;
  const [open, setOpen] = useState<ReadonlySet<SectionName>>(() => new Set(['project']));
  const { values } = state;
  const number = (n = 0) => n.toLocaleString(lang);
  const error = (name: DesignField) => {
    const e = state.errors[name];
    // A bound names its limits, in the page's number format, and whose they are (docs/estimate.md#limits).
    const of = e?.of ? t(`designForm.dimensions.limitsOf.${e.of as LimitsOf}`) : '';
    return e ? t(`common.${e.key}`, { min: number(e.min), max: number(e.max), of }) : undefined;
  };
  const radios = <V extends string>(
    name: 'estadoProyecto' | 'etapaProyecto' | 'uso' | 'diseno' | 'tipoFachada' | 'materialCubierta' | 'materialFachada' | 'zona',
    list: readonly V[],
    label: (v: V) => string,
  ) => (
    <RadioGroup
      name={name}
      legend={t(`designForm.${name}.legend`)}
      options={list.map((value) => ({ value, label: label(value) }))}
      value={values[name] as V | ''}
      error={error(name)}
      onValue={(value) => state.change(name, value)}
    />
  );
  const dimension = (name: (typeof DIMENSION_FIELDS)[number]) => (
    <TextField
      key={name}
      name={name}
      type="number"
      inputMode="decimal"
      label={t(`designForm.dimensions.${name}`)}
      hint={t('designForm.dimensions.hint')}
      value={values[name]}
      error={error(name)}
      onValue={(value) => state.change(name, clampDimension(value, values[name]))}
    />
  );
  const section = (name: SectionName, body: ReactNode) => {
    const title = t(`designForm.sections.${name}`);
    return (
      <Section
        key={name}
        title={title}
        open={open.has(name)}
        onToggle={() =>
          setOpen((current) => {
            const next = new Set(current);
            if (!next.delete(name)) next.add(name);
            return next;
          })
        }
        generate={
          GENERATES.has(name)
            ? {
                title: t('designForm.generate'),
                label: t('designForm.generateFor', { section: title }),
                busy: state.image === 'loading',
                onClick: onGenerate,
              }
            : undefined
        }
      >
        {body}
      </Section>
    );
  };

  return (
    <>
      {section(
        'project',
        <>
          {radios('estadoProyecto', PROJECT_STATES, (v) => t(`designForm.estadoProyecto.options.${v}`))}
          {radios('etapaProyecto', PROJECT_STAGES, (v) => t(`designForm.etapaProyecto.options.${v}`))}
        </>,
      )}
      {section(
        'location',
        <LocationField i18n={i18n} apiBase={apiBase} lang={lang} values={values} onChoose={state.chooseLocation} log={log} />,
      )}
      {section(
        'dimensions',
        <>
          <fieldset className="field dimensions">
            <legend>{t('designForm.dimensions.land')}</legend>
            <div className="row">{DIMENSION_FIELDS.slice(0, 2).map(dimension)}</div>
          </fieldset>
          <fieldset className="field dimensions">
            <legend>{t('designForm.dimensions.building')}</legend>
            <div className="row">{DIMENSION_FIELDS.slice(2).map(dimension)}</div>
          </fieldset>
        </>,
      )}
      {section(
        'use',
        <>
          {radios('uso', USES, (v) => t(`designForm.uso.options.${v}`))}
          <TextField
            name="usoEspecifico"
            label={t('designForm.uso.especifico')}
            hint={values.uso === 'other' ? undefined : t('designForm.uso.especificoHint')}
            value={values.usoEspecifico}
            disabled={values.uso !== 'other'}
            maxLength={DESIGN_LIMITS.usoEspecifico}
            counter={t('common.counter', { count: values.usoEspecifico.length, max: DESIGN_LIMITS.usoEspecifico })}
            error={error('usoEspecifico')}
            onValue={(value) => state.change('usoEspecifico', value)}
          />
        </>,
      )}
      {section(
        'system',
        <GroupedRadioGroup
          name="sistemaConstructivo"
          legend={t('designForm.sistema.legend')}
          groups={CONSTRUCTION_SYSTEM_GROUPS.map((group, g) => ({
            title: t(`designForm.sistema.groups.${g as 0 | 1 | 2}`),
            options: group.map((value) => ({
              value,
              label: t(`designForm.sistema.options.${value}.label`),
              description: t(`designForm.sistema.options.${value}.description`),
            })),
          }))}
          value={values.sistemaConstructivo}
          onValue={(value) => state.change('sistemaConstructivo', value)}
        />,
      )}
      {section(
        'roof',
        <>
          {radios('diseno', ROOF_DESIGNS, (v) => t(`designForm.diseno.options.${v}`))}
          {radios('materialCubierta', ROOF_MATERIALS, (v) => t(`designForm.materialCubierta.options.${v}`))}
        </>,
      )}
      {section(
        'facade',
        <>
          {radios('tipoFachada', WALL_TYPES, (v) => t(`designForm.tipoFachada.options.${v}`))}
          {radios('materialFachada', FACADE_MATERIALS, (v) => t(`designForm.materialFachada.options.${v}`))}
        </>,
      )}
      {section(
        'zone',
        radios('zona', ZONES, (v) => t(`designForm.zona.options.${v}`)),
      )}
      {section(
        'extras',
        <CheckboxGroup
          name="otros"
          legend={t('designForm.otros.legend')}
          options={EXTRAS.map((value) => ({ value, label: t(`designForm.otros.options.${value}`) }))}
          values={values.otros}
          onChange={(value, checked) => state.change('otros', value, checked)}
        />,
      )}
    </>
  );
}
