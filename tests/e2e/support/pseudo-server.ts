// The reference API in the pseudo-language (pseudo-locale.ts), for the tests of its mails, its PDF
// and the console: the server's code built by esbuild with the pseudo-language's line added to the
// list and its catalogues, as the site's renderer is, and imported into this process. Nothing is
// written to the repository but the bundle, deleted once imported.
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importBuilt, ROOT } from '../../../tools/esbuild.ts';
import { pseudoLocale } from './pseudo-locale.ts';

type Server = typeof import('@obra/server');

/**
 * The libraries stay in node_modules (PGlite finds its WebAssembly beside itself, nodemailer and
 * pdf-lib load when first needed), the workspace's packages are built from their source; a server
 * file that finds its neighbours by its own URL (the migrations, the SQL functions, the scripts it
 * starts) keeps its URL.
 */
const serverFiles: Plugin = {
  name: 'server-files',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@obra/') || args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /[\\/]packages[\\/]server[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      return { contents: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** `@obra/server` built with the pseudo-language in its list. */
export function pseudoServer(): Promise<Server> {
  return importBuilt<Server>({
    entryPoints: ['packages/server/src/index.ts'],
    outfile: join(ROOT, `dist/.pseudo-server-${process.pid}.mjs`),
    plugins: [pseudoLocale(), serverFiles],
  });
}
