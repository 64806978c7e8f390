// The one text rule (packages/schema/src/validate.ts, docs/contributors/behaviour.md#text), character
// class by character class, for one-line and multi-line text, and the same rule in the admin bodies.
import { describe, expect, it } from 'vitest';
import { isCleanLine, isCleanText, validate, waitListSchema } from '@obra/schema';
import { checkAdminBody } from '@obra/schema/admin-contract';

const REFUSED: [string, string][] = [
  ['NUL', 'a\u0000'],
  ['a C1 control', 'a\u0085'],
  ['DEL', 'a\u007F'],
  ['a zero-width space', 'a\u200Bb'],
  ['a word joiner', 'a\u2060b'],
  ['a byte-order mark', '\uFEFFa'],
  ['a soft hyphen', 'a\u00ADb'],
  ['the object replacement character', 'a\uFFFC'],
  ['U+FFFE', 'a\uFFFE'],
  ['U+FFFF', 'a\uFFFF'],
  ['U+FDD0', 'a\uFDD0'],
  ['U+FDEF', 'a\uFDEF'],
  ['the last two of plane 1', 'a\u{1FFFE}\u{1FFFF}'],
  ['the last of plane 16', 'a\u{10FFFF}'],
  ['a private-use character', 'a\uE000'],
  ['a supplementary private-use character', 'a\u{F0000}'],
  ['an unassigned code point', 'a\u0378'],
  ['a left-to-right embedding', 'a\u202Ab'],
  ['a right-to-left override', 'a\u202Eb'],
  ['a first-strong isolate', 'a\u2068b'],
  ['a pop directional isolate', 'a\u2069b'],
  ['a left-to-right mark', 'a\u200E'],
  ['a right-to-left mark', 'a\u200F'],
  ['a lone surrogate', 'a\uD800'],
  ['a Hangul filler', '\u3164'],
  ['a tag character', 'a\u{E0041}'],
  ['a line separator', 'a\u2028b'],
];

const INVISIBLE_ONLY: [string, string][] = [
  ['zero-width non-joiners', '\u200C\u200C'],
  ['zero-width joiners', '\u200D\u200D\u200D'],
  ['both joiners', '\u200C\u200D'],
  ['combining marks alone', '\u0301\u0308'],
  ['a joiner and a combining mark', '\u200D\u0301'],
];

describe('the text rule', () => {
  it.each(REFUSED)('refuses %s in one line and in several', (_what, value) => {
    expect(isCleanLine(value)).toBe(false);
    expect(isCleanText(value)).toBe(false);
  });

  it.each(INVISIBLE_ONLY)('refuses a text of %s only (it would show blank)', (_what, value) => {
    expect(isCleanLine(value)).toBe(false);
    expect(isCleanText(value)).toBe(false);
  });

  it.each([
    ['accents and ñ', 'José Ñúñez'],
    ['a family emoji with joiners', '👨‍👩‍👧'],
    ['Persian with a non-joiner', 'می‌خواهم'],
    ['Devanagari with a joiner', 'क्‍ष'],
    ['a heart with its variation selector', '❤️'],
    ['a keycap', '1️⃣'],
    ['the flag of Scotland', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['a letter with a combining accent', 'e\u0301'],
    ['Arabic, right to left', 'مرحبا'],
    ['punctuation alone', '—'],
    ['the empty text (an optional field left empty)', ''],
  ])('keeps %s', (_what, value) => {
    expect(isCleanLine(value)).toBe(true);
    expect(isCleanText(value)).toBe(true);
  });

  it('line breaks and tabs only in multi-line text', () => {
    expect(isCleanLine('a\nb')).toBe(false);
    expect(isCleanLine('a\tb')).toBe(false);
    expect(isCleanText('a\r\nb\tc')).toBe(true);
    expect(isCleanText('\n\t\n')).toBe(false);
  });

  it('a public form refuses an invisible-only value with `characters`, as it refuses a control', () => {
    const entry = { nombre: 'Ana', correo: 'ana@example.com', telefono: '+57 300 123 4567', interesado: 'cliente', comentario: 'Una casa' };
    for (const nombre of ['\u200C\u200D', '\uFFFC', '\uFFFF', '\uFDD0', '\uE000', 'Ana\u202E']) {
      expect(validate(waitListSchema, { ...entry, nombre })).toEqual({ ok: false, errors: { nombre: { key: 'characters' } } });
    }
    expect(validate(waitListSchema, { ...entry, comentario: '\u200D\n\u200C' })).toEqual({
      ok: false,
      errors: { comentario: { key: 'characters' } },
    });
  });

  it.each([
    ['POST leads/:id/notes', { text: '\u200D\u200C' }],
    ['POST leads/:id/notes', { text: 'call back \u202E' }],
    ['PATCH leads/:id', { followUp: { at: '2026-12-01T09:00:00-05:00', note: '\uFFFC' } }],
    ['POST views', { name: '\u200C\u200D', query: '' }],
    ['POST views', { name: 'Mine\uFDD0', query: '' }],
  ] as const)('the admin body %s refuses %j with the code `characters`', (route, value) => {
    const checked = checkAdminBody(route, value);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.details.code).toBe('characters');
  });
});
