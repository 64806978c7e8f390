// Builds the gazetteer index in a short-lived child process (index.ts, loadGazetteer): parsing
// the 12 MB city file makes ~100 MB of short-lived objects, and a process that ends gives all of
// it back, while the API's own heap (or a worker thread's, which V8 keeps pooled) would not.
import { buildIndex } from './build.ts';
import { loadCities, loadCountryNames } from './load.ts';

const index = buildIndex(loadCities(), { es: loadCountryNames('es'), en: loadCountryNames('en') });
process.send!(index, undefined, {}, () => process.disconnect());
