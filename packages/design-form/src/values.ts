import { emptyOf, emptyProject, personalSchema, type PersonalData, type ProjectData } from '@obra/schema';

export { DIMENSION_FIELDS } from '@obra/schema';

/** What the visitor has chosen and typed: every field a string, `otros` the list of checked extras. */
export type DesignValues = { [K in keyof ProjectData | keyof PersonalData]: K extends 'otros' ? string[] : string };

/** A field of the form. */
export type DesignField = keyof DesignValues;

/** The initial values (docs/contributors/behaviour.md#entities: empty strings, `otros` empty); also what a successful send returns to. */
export const emptyDesign: DesignValues = {
  ...emptyProject(),
  ...emptyOf(personalSchema),
};

/** The fields of the personal-data modal, in their order. */
export const PERSONAL_FIELDS = [
  'nombre',
  'pais',
  'departamento',
  'ciudad',
  'correo',
  'telefono',
] as const satisfies readonly (keyof PersonalData)[];
