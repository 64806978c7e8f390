// `npm start`: serves the demo partner page, the widget bundles and the wait-list API on one port
// (PORT, default 8080). The host site and the full reference API replace the demo and the
// minimal API here as they land (see the open issues).
import { appendFile, mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { validateWaitList } from '../packages/schema/src/index.ts';
import { serveStatic } from './static.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.OBRA_DATA_DIR ?? `${root}.data`;
const MAX_BODY = 16 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw Object.assign(new Error('body is not JSON'), { status: 400 });
  }
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

/** POST /api/wait-list: validated with the widget's own schema, appended to .data/wait-list.jsonl. */
async function waitList(req: IncomingMessage, res: ServerResponse) {
  const body = await readJson(req);
  const result = validateWaitList(body);
  if (!result.ok) {
    const errors = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error.key]));
    return json(res, 400, { errorMessage: 'The entry has invalid fields.', errors });
  }
  const id = randomUUID();
  await mkdir(dataDir, { recursive: true });
  await appendFile(`${dataDir}/wait-list.jsonl`, `${JSON.stringify({ id, receivedAt: new Date().toISOString(), ...result.value })}\n`);
  console.log(JSON.stringify({ msg: 'wait-list entry stored', id, interesado: result.value.interesado }));
  return json(res, 201, { id });
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  try {
    if (url.pathname === '/api/wait-list') {
      if (req.method !== 'POST') return json(res, 405, { errorMessage: 'Use POST.' });
      return await waitList(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { errorMessage: 'Use GET.' });
    if (url.pathname.startsWith('/widgets/') || url.pathname.startsWith('/esm/')) {
      if (await serveStatic(req, res, `${root}dist`, url.pathname)) return;
    } else if (await serveStatic(req, res, `${root}host/demo`, url.pathname)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  } catch (error) {
    const status = (error as { status?: number }).status ?? 500;
    if (status === 500) console.error(error);
    json(res, status, { errorMessage: (error as Error).message });
  }
});

server.listen(port, () => console.log(`Obra demo: http://localhost:${port}/  (wait-list entries go to ${dataDir}/wait-list.jsonl)`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
