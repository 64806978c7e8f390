import { langOr } from '@obra/schema';
import { DATA } from './data.ts';
import type { Estimate } from './estimate.ts';
import { dateText } from './format.ts';

/** Which sentence names what a cost rests on (the catalogues' `own`, `ratio`, `survey` and `far`). */
export type BasisKey = 'own' | 'ratio' | 'survey' | 'far';

const displays = new Map<string, Intl.DisplayNames | undefined>();
/** One Intl.DisplayNames per language, made once: the live summary names the country on every input. */
function regionNames(lang: string): Intl.DisplayNames | undefined {
  if (!displays.has(lang))
    try {
      displays.set(lang, new Intl.DisplayNames([lang], { type: 'region' }));
    } catch {
      displays.set(lang, undefined);
    }
  return displays.get(lang);
}

/** A country's name in `lang` (Intl knows every ISO code), its code where the runtime has no names. */
export const countryName = (code: string, lang: string): string => regionNames(langOr(lang))?.of(code) ?? code;

/** A survey market's name in `lang`: its own one where the data has it ("Ciudad de México" in es), else as the survey writes it. */
export const marketName = (market: string, lang: string): string =>
  (DATA.survey.markets[market] as Partial<Record<string, unknown>> | undefined)?.[langOr(lang)]?.toString() ?? market;

/**
 * What an estimate's cost rests on, as the values its sentence needs, in `lang`: the country, the
 * publisher and date of its own figure, the survey's name, market and date. One place for the
 * form, the report and the console to say it the same way.
 */
export function basisWords(e: Estimate, lang: string): { key: BasisKey; values: Record<string, string> } {
  const { basis, currency } = e.cost;
  const values: Record<string, string> = {
    country: countryName(e.region, lang),
    currency,
    publisher: DATA.publishers[basis.source] ?? basis.source,
    date: dateText(basis.date, lang),
    survey: DATA.publishers[DATA.survey.source] ?? DATA.survey.source,
    market: basis.market ? marketName(basis.market, lang) : '',
  };
  const key: BasisKey = basis.from === 'survey' ? (e.far ? 'far' : 'survey') : basis.from;
  return { key, values };
}
