// Builds the gazetteer index in a short-lived child process when no start has cached it yet
// (index.ts, loadGazetteer; cache.ts): parsing the 12 MB city file makes ~100 MB of short-lived
// objects, and a process that ends gives all of it back, while the API's own heap (or a worker
// thread's, which V8 keeps pooled) would not. The index goes to stdout in V8's serialization: one
// write, read back with one concatenation (the IPC channel's `advanced` mode copies the growing
// message at every chunk: ~500 MB of garbage).
import { serialize } from 'node:v8';
import { buildIndex } from './build.ts';
import { loadCities, loadEveryCountryName } from './load.ts';

process.stdout.write(serialize(buildIndex(loadCities(), loadEveryCountryName())));
