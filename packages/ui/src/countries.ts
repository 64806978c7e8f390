import { foldText, LANGS, PHONE_DEFAULT_COUNTRY } from '@obra/schema';
// ISO 3166 region code + international dial code, concatenated (e.g. "CO57"): 245 entries in
// about 1.3 KB, from the public numbering plan data libphonenumber-js also ships. Names come from
// Intl.DisplayNames in the widget's language, so no name table is bundled (docs/contributors/behaviour.md#phone-codes).
const TABLE =
  'AC247AD376AE971AF93AG1AI1AL355AM374AO244AR54AS1AT43AU61AW297AX358AZ994BA387BB1BD880BE32BF226BG359BH973BI257BJ229BL590BM1BN673BO591BQ599BR55BS1BT975BW267BY375BZ501CA1CC61CD243CF236CG242CH41CI225CK682CL56CM237CN86CO57CR506CU53CV238CW599CX61CY357CZ420DE49DJ253DK45DM1DO1DZ213EC593EE372EG20EH212ER291ES34ET251FI358FJ679FK500FM691FO298FR33GA241GB44GD1GE995GF594GG44GH233GI350GL299GM220GN224GP590GQ240GR30GT502GU1GW245GY592HK852HN504HR385HT509HU36ID62IE353IL972IM44IN91IO246IQ964IR98IS354IT39JE44JM1JO962JP81KE254KG996KH855KI686KM269KN1KP850KR82KW965KY1KZ7LA856LB961LC1LI423LK94LR231LS266LT370LU352LV371LY218MA212MC377MD373ME382MF590MG261MH692MK389ML223MM95MN976MO853MP1MQ596MR222MS1MT356MU230MV960MW265MX52MY60MZ258NA264NC687NE227NF672NG234NI505NL31NO47NP977NR674NU683NZ64OM968PA507PE51PF689PG675PH63PK92PL48PM508PR1PS970PT351PW680PY595QA974RE262RO40RS381RU7RW250SA966SB677SC248SD249SE46SG65SH290SI386SJ47SK421SL232SM378SN221SO252SR597SS211ST239SV503SX1SY963SZ268TA290TC1TD235TG228TH66TJ992TK690TL670TM993TN216TO676TR90TT1TV688TW886TZ255UA380UG256US1UY598UZ998VA39VC1VE58VG1VI1VN84VU678WF681WS685XK383YE967YT262ZA27ZM260ZW263';

/** A country of the phone input: ISO region code and dial code (digits, without +). */
export interface Country {
  code: string;
  dial: string;
}

/** Every country, in table (alphabetical code) order. */
const COUNTRIES: readonly Country[] = [...TABLE.matchAll(/([A-Z]{2})(\d+)/g)].map((m) => ({ code: m[1]!, dial: m[2]! }));

/** Which country a shared dial code means when nothing else tells (+1 is the US, +7 Russia …). */
const MAIN: Record<string, string> = {
  1: 'US',
  7: 'RU',
  39: 'IT',
  44: 'GB',
  47: 'NO',
  61: 'AU',
  212: 'MA',
  262: 'RE',
  290: 'SH',
  358: 'FI',
  590: 'GP',
  599: 'CW',
};

/** The country of a code, or the default. */
export const countryOf = (code: string): Country =>
  COUNTRIES.find((c) => c.code === code) ?? COUNTRIES.find((c) => c.code === PHONE_DEFAULT_COUNTRY)!;

/**
 * The country a typed number starts with: the longest dial code prefixing its digits (+34… is
 * Spain, +1… the US). The `current` country wins among countries sharing that code.
 */
export function guessCountry(number: string, current: string): Country | undefined {
  if (!number.trim().startsWith('+')) return undefined;
  const digits = number.replace(/\D/g, '');
  let best = '';
  for (const { dial } of COUNTRIES) if (dial.length > best.length && digits.startsWith(dial)) best = dial;
  if (!best) return undefined;
  const matching = COUNTRIES.filter((c) => c.dial === best);
  return matching.find((c) => c.code === current) ?? matching.find((c) => c.code === MAIN[best]) ?? matching[0];
}

const displays = new Map<string, Intl.DisplayNames | undefined>();
/** One Intl.DisplayNames per language: making one loads the region names (~10 ms on a phone). */
const regionNames = (lang: string): Intl.DisplayNames | undefined => {
  if (!displays.has(lang)) {
    try {
      displays.set(lang, new Intl.DisplayNames([lang], { type: 'region' }));
    } catch {
      displays.set(lang, undefined);
    }
  }
  return displays.get(lang);
};

/** A country's name in `lang` (Intl.DisplayNames); its code where the runtime has no names. */
export function countryName(code: string, lang: string): string {
  return regionNames(lang)?.of(code) ?? code;
}

const lists = new Map<string, { names: Map<string, string>; sorted: readonly Country[] }>();

/**
 * Every country's name in `lang` and the countries sorted by it, made on first use and kept:
 * naming and sorting 250 countries takes ~50 ms on a phone, too long for a widget's first render.
 */
export function countryList(lang: string): { names: Map<string, string>; sorted: readonly Country[] } {
  let list = lists.get(lang);
  if (!list) {
    const display = regionNames(lang);
    const names = new Map(COUNTRIES.map(({ code }) => [code, display?.of(code) ?? code]));
    const { compare } = new Intl.Collator(lang);
    list = { names, sorted: [...COUNTRIES].sort((a, b) => compare(names.get(a.code)!, names.get(b.code)!)) };
    lists.set(lang, list);
  }
  return list;
}

const named = new Map<string, string | undefined>();

/**
 * The ISO code of a country as the location field stores it (its name in a language of the list, as
 * the gazetteer gives it), read against the runtime's names in every language of the list: an exact match, or
 * else the longest name the stored one starts with ("United States of America" is the US).
 */
export function countryOfName(name: string): string | undefined {
  const folded = foldText(name.trim());
  if (!folded) return undefined;
  if (!named.has(folded)) {
    let best: { code: string; length: number } | undefined;
    for (const lang of LANGS) {
      const display = regionNames(lang);
      for (const { code } of COUNTRIES) {
        const own = foldText(display?.of(code) ?? code);
        if (own === folded) best = { code, length: Infinity };
        else if (folded.startsWith(`${own} `) && own.length > (best?.length ?? 0)) best = { code, length: own.length };
      }
    }
    named.set(folded, best?.code);
  }
  return named.get(folded);
}

/** The country of the browser's first language that names one ("es-MX" → MX), if any. */
export function browserCountry(): string | undefined {
  const tags = typeof navigator === 'undefined' ? [] : navigator.languages;
  for (const tag of tags) {
    try {
      const { region } = new Intl.Locale(tag);
      if (region && COUNTRIES.some((c) => c.code === region)) return region;
    } catch {
      // A tag the runtime cannot read names no country.
    }
  }
  return undefined;
}
