// `npm start`: serves the demo partner page, the widget bundles and the reference API
// (packages/server, mounted at /api/) on one port (PORT, default 8080). The API's own variables
// (OBRA_DATA_DIR, DATABASE_URL, CORS_ORIGINS …) apply here too; see the README.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { closeOnSignal, createApi, loadConfig } from '@obra/server';
import { serveStatic } from './static.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig({ PORT: '8080', ...process.env });
const api = await createApi(config);

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) return api.handle(req, res);
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Use GET.');
      return;
    }
    if (url.pathname.startsWith('/widgets/') || url.pathname.startsWith('/esm/')) {
      if (await serveStatic(req, res, `${root}dist`, url.pathname)) return;
    } else if (await serveStatic(req, res, `${root}host/demo`, url.pathname)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  } catch (error) {
    api.log.error('static file failed', { path: url.pathname, error });
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Server error');
  }
});

closeOnSignal(server, () => api.close(), { log: api.log, timeoutMs: config.shutdownTimeoutMs });
server.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  api.log.info('Obra demo listening', { url: `http://localhost:${port}/`, api: '/api/', data: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir });
});
