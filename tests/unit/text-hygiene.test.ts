// What the shared schema takes for text (isCleanLine / isCleanText, used by every form and the
// server): invisible and format characters are refused; what people write is kept.
import { describe, expect, it } from 'vitest';
import { isCleanLine, isCleanText } from '@obra/schema';

describe('refused: characters that show nothing of their own', () => {
  it.each([
    ['NUL', 'Ana\u0000'],
    ['DEL', 'Ana\u007F'],
    ['a C1 control', 'Ana\u0085'],
    ['a zero-width space', 'A\u200Bna'],
    ['a byte-order mark', 'A\uFEFFna'],
    ['a bidi override', 'Ana \u202Egpj.exe'],
    ['a bidi isolate', 'Ana \u2066x'],
    ['LRM', 'Ana\u200E'],
    ['RLM', 'Ana\u200F'],
    ['ALM', 'Ana\u061C'],
    ['a soft hyphen', 'An\u00ADa'],
    ['the combining grapheme joiner', 'An\u034Fa'],
    ['three Hangul fillers (a blank name)', '\u3164\u3164\u3164'],
    ['the Hangul choseong filler', '\u115F'],
    ['the Hangul jungseong filler', 'a\u1160'],
    ['the halfwidth Hangul filler', '\uFFA0'],
    ['the Mongolian vowel separator', 'Ana\u180E'],
    ['a Mongolian variation selector', 'Ana\u180B'],
    ['a Khmer invisible vowel', 'Ana\u17B4'],
    ['VS16 alone', '\uFE0F'],
    ['VS16 twice after a letter', 'A\uFE0F\uFE0F'],
    ['VS16 after a space', 'Ana \uFE0F'],
    ['a tag character', 'Ana\u{E0041}'],
    ['the tag block used to hide text', 'Hola\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}'],
    ['a flag tag sequence without its cancel tag', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}'],
    ['an interlinear annotation anchor', 'Ana\uFFF9x\uFFFAy\uFFFB'],
    ['the blank Braille pattern', '\u2800\u2800'],
    ['a musical invisible format mark', 'Ana\u{1D173}'],
    ['a line separator', 'Ana\u2028'],
    ['a lone high surrogate', 'Ana \uD800'],
    ['a lone low surrogate', '\uDC00Ana'],
  ])('%s', (_what, value) => {
    expect(isCleanLine(value)).toBe(false);
    expect(isCleanText(value)).toBe(false);
  });

  it('a line break or tab in one-line text, not in a paragraph', () => {
    expect(isCleanLine('Ana\nLópez')).toBe(false);
    expect(isCleanLine('Ana\tLópez')).toBe(false);
    expect(isCleanText('Ana\r\nLópez\tPérez')).toBe(true);
  });
});

describe('kept: what people write', () => {
  it.each([
    ['accents and ñ', 'José Ñúñez, Bogotá'],
    ['a family emoji (zero-width joiners)', '👨‍👩‍👧'],
    ['a red heart (VS16 after a symbol)', 'Te quiero ❤️'],
    ['a keycap (VS16 after a digit)', 'Opción 1️⃣'],
    ['an eye in a speech bubble (VS16, ZWJ, VS16)', '👁️‍🗨️'],
    ['the flag of Scotland (tags and cancel tag)', 'Escocia 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['Persian with a zero-width non-joiner', 'می‌خواهم'],
    ['Korean syllables', '김민준'],
    ['Braille that is not blank', '⠁⠃⠉'],
    ['a non-breaking space inside', 'Ana\u00A0María'],
  ])('%s', (_what, value) => {
    expect(isCleanLine(value)).toBe(true);
    expect(isCleanText(value)).toBe(true);
  });
});
