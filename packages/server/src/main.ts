// The API on its own: `npm run start -w @obra/server` (docs/operators/api.md); with
// API_PROCESSES=N, N copies share the port (docs/operators/production.md).
import { createApi } from './app.ts';
import { launch } from './cluster.ts';
import type { Config } from './config.ts';
import { createHttpServer, displayHost, listen } from './http/server.ts';
import { requestLang, serverText } from './http/messages.ts';
import { closeOnSignal } from './shutdown.ts';

/** One API process: opens the database, listens, and stops gracefully on SIGTERM. */
async function serve(config: Config): Promise<void> {
  const api = await createApi(config);
  const server = createHttpServer(config, (req, res) => {
    if (req.url?.startsWith('/api/')) return void api.handle(req, res);
    res
      .writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
      .end(JSON.stringify({ errorMessage: serverText(requestLang(req), { key: 'outsideApi' }) }));
  });
  closeOnSignal(server, () => api.close(), { log: api.log, timeoutMs: config.shutdownTimeoutMs });
  const port = await listen(server, config);
  api.log.info('listening', { url: `http://${displayHost(config.host)}:${port}/api/` });
}

await launch('the API', process.env, serve);
