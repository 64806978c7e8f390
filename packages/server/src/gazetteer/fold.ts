// Letters that NFD does not split into a base letter and a mark.
const FOLD: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', ð: 'd', þ: 'th' };

/** Lower case without accents: "Bogotá" and "BOGOTA" both give "bogota". */
const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[øđłßæœıðþ]/g, (letter) => FOLD[letter] ?? letter);

/** The folded words of a text, split on anything that is not a letter or a digit. */
export const words = (text: string): string[] => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
