// A tiny HTTP server for the browser tests: test pages, the built bundles and capture endpoints
// that record every request a widget makes. Loopback only, on a free port.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../../host/static.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Where the test pages live. */
export const PAGES_DIR = `${root}tests/e2e/pages`;
/** Where the built bundles live (`/widgets/…`, `/esm/…`). */
export const DIST_DIR = `${root}dist`;
/** `/examples/…` is served from here first, then from dist/examples (as the host site does). */
const EXAMPLES_DIRS = [`${root}host/examples`, `${root}dist/examples`];

/** One request that reached a capture endpoint (preflights included). */
interface CapturedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  text: string;
  /**
   * The body parsed as JSON (undefined when it is not JSON), without its `attribution` member:
   * the form's own fields, as the tests of each form compare them.
   */
  body: unknown;
  /** The body's `attribution` member (where the submission came from), when it had one. */
  attribution?: unknown;
}

/** How a capture endpoint answers a POST. */
interface CaptureReply {
  status: number;
  body: unknown;
  /**
   * When set, the answer waits for this promise (keeps the widget in its sending state until the
   * test releases it: see {@link gate}).
   */
  hold?: Promise<unknown>;
}

interface CaptureRoute {
  /**
   * `true`: answers preflights and adds Access-Control-Allow-Origin (a platform API).
   * `false`: sends no CORS headers at all (a spreadsheet-script web endpoint).
   */
  cors: boolean;
}

export interface ServerOptions {
  /** Test pages served at `/`; omit to serve none. */
  pagesDir?: string;
  /** Extra response headers per page path, e.g. a CSP for `/hostile.html`. */
  pageHeaders?: Record<string, Record<string, string>>;
  /** Capture endpoints by path. Default: `{ '/api/wait-list': { cors: false } }` (same-origin API). */
  capture?: Record<string, CaptureRoute>;
}

export interface TestServer {
  readonly origin: string;
  /** Every request to a capture endpoint, in arrival order. */
  readonly requests: CapturedRequest[];
  /** How POSTs are answered; change it in a test, {@link TestServer.reset} restores it. */
  reply: CaptureReply;
  /** The POSTs that reached `path` (every capture path when omitted). */
  posts(path?: string): CapturedRequest[];
  /** Forgets the requests and restores the default reply (201 `{ id }`). */
  reset(): void;
  close(): Promise<void>;
}

const defaultReply = (): CaptureReply => ({ status: 201, body: { id: 'wl_test_1' } });

/** A promise the test resolves when it chooses: hold a reply with it, then `open()` to let it go. */
export function gate(): { hold: Promise<void>; open: () => void } {
  let open!: () => void;
  const hold = new Promise<void>((resolve) => (open = resolve));
  return { hold, open };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Idempotency-Key, Obra-Fill-Ms, Obra-Trap',
  'Access-Control-Max-Age': '0',
  Vary: 'Origin',
};

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON body as the form's fields and, apart, its `attribution` member (tests/e2e/attribution.test.ts checks that). */
function splitAttribution(json: unknown): Pick<CapturedRequest, 'body' | 'attribution'> {
  if (!json || typeof json !== 'object' || Array.isArray(json) || !('attribution' in json)) return { body: json };
  const { attribution, ...body } = json as Record<string, unknown>;
  return { body, attribution };
}

/** Starts a server on 127.0.0.1 and a free port. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const capture = options.capture ?? { '/api/wait-list': { cors: false } };
  const requests: CapturedRequest[] = [];
  let reply = defaultReply();

  async function handleCapture(req: IncomingMessage, res: ServerResponse, path: string, route: CaptureRoute) {
    const text = await readText(req);
    requests.push({ method: req.method ?? '', path, headers: req.headers, text, ...splitAttribution(parseJson(text)) });
    const cors: Record<string, string> = route.cors
      ? { ...CORS_HEADERS, 'Access-Control-Allow-Origin': String(req.headers.origin ?? '*') }
      : {};
    if (req.method === 'OPTIONS') return void res.writeHead(route.cors ? 204 : 405, cors).end();
    if (req.method !== 'POST') return void res.writeHead(405, cors).end();
    const { status, body, hold } = reply;
    if (hold) await hold;
    res.writeHead(status, { ...cors, 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  }

  const server = createServer(
    (req, res) =>
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        try {
          const route = capture[url.pathname];
          if (route) return await handleCapture(req, res, url.pathname, route);
          if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
          if (url.pathname.startsWith('/widgets/') || url.pathname.startsWith('/esm/')) {
            if (await serveStatic(req, res, DIST_DIR, url.pathname)) return;
          } else if (url.pathname.startsWith('/examples/')) {
            for (const dir of EXAMPLES_DIRS) if (await serveStatic(req, res, dir, url.pathname.slice('/examples'.length))) return;
          } else if (options.pagesDir) {
            for (const [name, value] of Object.entries(options.pageHeaders?.[url.pathname] ?? {})) res.setHeader(name, value);
            if (await serveStatic(req, res, options.pagesDir, url.pathname)) return;
            for (const name of Object.keys(options.pageHeaders?.[url.pathname] ?? {})) res.removeHeader(name);
          }
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: ${url.pathname}`);
        } catch (error) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error));
        }
      })(),
  );

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    get reply() {
      return reply;
    },
    set reply(next) {
      reply = next;
    },
    posts: (path) => requests.filter((r) => r.method === 'POST' && (!path || r.path === path)),
    reset() {
      requests.length = 0;
      reply = defaultReply();
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
