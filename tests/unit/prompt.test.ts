// @vitest-environment node
// The image prompt's words come from design-form.json (`prompt`): the Spanish description is the
// one the entities (docs/contributors/behaviour.md#entities) ask for, word for word as before the words moved to the catalogue.
import { describe, expect, it } from 'vitest';
import { buildPrompt, describeDesign, emptyDesign } from '@obra/design-form';

const chosen = {
  ...emptyDesign,
  uso: 'other',
  usoEspecifico: ' Capilla ',
  sistemaConstructivo: 'bambu',
  diseno: 'Doble pendiente',
  materialCubierta: 'Techo Ecologico',
  tipoFachada: 'Ventilada',
  materialFachada: 'Madera',
};

describe('describeDesign', () => {
  it('describes every chosen part in Spanish, as the prompt always did', () => {
    expect(describeDesign(chosen)).toBe(
      'edificación de uso otro (Capilla), sistema constructivo bambú, cubierta doble pendiente de techo ecológico (verde), fachada ventilada de madera',
    );
    expect(describeDesign({ ...emptyDesign, uso: 'housing' })).toBe('edificación de uso vivienda');
    expect(describeDesign(emptyDesign)).toBe('edificación');
  });

  it('leaves out what is not chosen without stray spaces', () => {
    expect(describeDesign({ ...emptyDesign, materialCubierta: 'Arcilla/Concreto', tipoFachada: 'Ventilada' })).toBe(
      'edificación, cubierta de teja de arcilla o concreto, fachada ventilada',
    );
    expect(describeDesign({ ...emptyDesign, diseno: 'Arco', materialFachada: 'Madera' })).toBe(
      'edificación, cubierta arco, fachada de madera',
    );
  });

  it('speaks English with the English catalogue', () => {
    expect(describeDesign(chosen, 'en')).toMatch(
      /^other building \(Capilla\), bamboo construction system, gable \(double pitch\) roof of green roof, ventilated facade of wood$/,
    );
    expect(describeDesign(emptyDesign, 'en')).toBe('building');
  });

  it('the Spanish prompt sits inside the page language’s frame', () => {
    expect(buildPrompt(chosen, { prefix: 'Foto realista de ', suffix: '.' })).toBe(`Foto realista de ${describeDesign(chosen)}.`);
  });
});
