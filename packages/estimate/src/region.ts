import { foldText } from '@obra/schema';
import { DATA, type Figure } from './data.ts';

/** The regions with their own figures; any other country is `other` (US figures × a regional factor). */
export type RegionCode = 'CO' | 'ES' | 'US' | 'other';

/** A region's currency and its base figures, as the estimate uses them. */
export interface Region {
  code: RegionCode;
  currency: 'COP' | 'EUR' | 'USD';
  housing: Figure;
  warehouse: Figure;
  permitWeeks: Figure;
  /** For `other`: the factor applied to the US figures; absent elsewhere. */
  regionalFactor?: Figure;
}

// Country names as the location field stores them (es and en gazetteer labels, ISO codes), folded.
const NAMES: Record<string, Exclude<RegionCode, 'other'>> = {
  colombia: 'CO',
  co: 'CO',
  espana: 'ES',
  spain: 'ES',
  es: 'ES',
  'estados unidos': 'US',
  'united states': 'US',
  'united states of america': 'US',
  'estados unidos de america': 'US',
  usa: 'US',
  us: 'US',
  eeuu: 'US',
};

/** The region of a country as typed or chosen: Colombia when empty (the form's default country). */
export function regionOf(country: string): Region {
  const folded = foldText(country.trim());
  const code = folded === '' ? 'CO' : NAMES[folded];
  if (code) return { code, ...DATA.regions[code] };
  return { code: 'other', ...DATA.regions.US, currency: 'USD', regionalFactor: DATA.otherRegion.regionalFactor };
}
