// `npm start`: serves the host site (pre-rendered by host/build.ts), the widget bundles, the demo
// partner page (/demo/), partner examples (/examples/) and the reference API (packages/server,
// mounted at /api/) on one port (PORT, default 8080). The API's own variables (OBRA_DATA_DIR,
// DATABASE_URL, APPROVED_ORIGINS …) apply here too, and API_PROCESSES=N runs N copies on the port;
// see docs/operators/configuration.md and docs/operators/production.md.
import { fileURLToPath } from 'node:url';
import { softwareCatalogue } from '@obra/catalogue';
import { closeOnSignal, createApi, createHttpServer, displayHost, launch, listen, recordServedOrigin, type Config } from '@obra/server';
import { handleSite } from './src/handler.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const slugs = softwareCatalogue.map((item) => item.slug);
/** One process serving the site and the API; stops gracefully on SIGTERM. */
async function serve(config: Config): Promise<void> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const api = await createApi(config);
  const server = createHttpServer(
    config,
    (req, res) =>
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname.startsWith('/api/')) return api.handle(req, res);
        try {
          await handleSite(req, res, {
            root,
            slugs,
            https,
            problem: (what, error) => api.log.warn(what, { path: url.pathname, error }),
          });
        } catch (error) {
          api.log.error('static file failed', { path: url.pathname, error });
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Server error');
        }
      })(),
  );
  closeOnSignal(server, () => api.close(), { log: api.log, timeoutMs: config.shutdownTimeoutMs });
  const port = await listen(server, config);
  // The console's links in the CLI and in mails follow the address that serves this database (unless PUBLIC_URL).
  await recordServedOrigin(api.db, config.host, port);
  api.log.info('Obra host listening', {
    url: `http://${displayHost(config.host)}:${port}/`,
    api: '/api/',
    data: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir,
  });
}

await launch('the site', { PORT: '8080', ...process.env }, serve);
