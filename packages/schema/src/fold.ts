// Letters that NFD does not split into a base letter and a combining mark, so removing the marks
// alone would keep them ("Øresund", "Łódź", "Straße").
const LETTERS: Record<string, string> = { ø: 'o', đ: 'd', ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', ð: 'd', þ: 'th' };

/**
 * Text for accent- and case-insensitive matching: lower case without combining marks, with the
 * few letters NFD does not decompose spelled in Latin (ø → o, ß → ss). "Bogotá", "BOGOTA" and
 * "bogota" all give "bogota"; "España" gives "espana". It does not trim.
 *
 * The one folding of the project (the gazetteer, the marketplace search, the estimate's country,
 * the phone's country search, the image prompt's words, the partner code suggested from a name).
 * Plain string and Unicode-property regex work (ES2018), the same in the browser and in Node.
 * Folding a text the same way on both sides is what makes a typed "medellin" find a stored "Medellín".
 */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øđłßæœıðþ]/g, (letter) => LETTERS[letter] ?? letter);
