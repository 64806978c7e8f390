// `npm run build:console`: the operators' console (tools/build-console.ts) into
//   dist/console/assets/main-HASH.js, main-HASH.css; dist/console/index.html
import { join } from 'node:path';
import { buildConsole } from '../../tools/build-console.ts';
import { ROOT } from '../../tools/esbuild.ts';

console.log(`console: ${(await buildConsole(join(ROOT, 'dist/console'))).join(', ')}`);
