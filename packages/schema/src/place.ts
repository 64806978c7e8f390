/**
 * A place of the location search (docs/contributors/behaviour.md#location-search-result): choosing one
 * sets pais from Country, departamento from Region and ciudad from Municipality, each empty when
 * absent (a country has neither). The reference API always sends both, '' for a country.
 */
export interface Place {
  Label: string;
  Country: string;
  Region?: string | undefined;
  Municipality?: string | undefined;
}
