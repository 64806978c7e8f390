// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { foldText } from '@obra/schema';

describe('foldText', () => {
  it('drops case and accents', () => {
    expect(foldText('Diseño ÁRBOL')).toBe('diseno arbol');
    expect(['Bogotá', 'BOGOTA', 'bogota'].map(foldText)).toEqual(['bogota', 'bogota', 'bogota']);
    expect(foldText('Medellín, Antioquia')).toBe('medellin, antioquia');
  });

  it('folds text already in composed or decomposed form the same way', () => {
    const composed = 'Perú';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(foldText(decomposed)).toBe(foldText(composed));
    expect(foldText(composed)).toBe('peru');
  });

  it('removes stacked marks and marks beyond the Latin block', () => {
    expect(foldText('Ḗ')).toBe('e');
    expect(foldText('Tiếng Việt')).toBe('tieng viet');
  });

  it('spells the letters NFD does not split', () => {
    expect(foldText('Øresund Łódź Straße Æbeltoft Œuvre Þórshöfn Đà Nẵng')).toBe('oresund lodz strasse aebeltoft oeuvre thorshofn da nang');
  });

  it('keeps digits, punctuation and spaces, and does not trim', () => {
    expect(foldText('  +57 Señal #3 ')).toBe('  +57 senal #3 ');
    expect(foldText('')).toBe('');
  });
});
