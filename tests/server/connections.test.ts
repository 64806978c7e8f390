// The HTTP server's connection limits (http/server.ts), over real TCP on loopback: a connection
// that never sends a byte is closed after HEADERS_TIMEOUT_MS (node's own clock, which the cap
// below relies on to free slots), and one address flooding the server
// with idle connections holds at most MAX_CONNECTIONS_PER_CLIENT of them, so another address is
// still served. 127.0.0.2 is another client on the same loopback interface (Linux routes 127/8).
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, listen, loadConfig } from '@obra/server';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/** Starts the API's server on a free port with `env`; a slow page at /slow answers after 1.5 s. */
async function start(env: Record<string, string>): Promise<number> {
  server = createHttpServer(loadConfig({ LOG_LEVEL: 'silent', ...env }), (req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('slow ok'), 1500);
    else res.end('ok');
  });
  return listen(server, { host: '127.0.0.1', port: 0 });
}

/** Opens a connection from `from` that sends nothing; resolves once it is up, with when it closes. */
function idle(port: number, from = '127.0.0.1'): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    socket.on('error', () => undefined);
    // Flowing, so the server's FIN is read and 'close' follows (a paused socket never sees it).
    socket.resume();
    const opened = performance.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now() - opened)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** GET `path` from `from` on a connection of its own: the status and body, or the error's code. */
function get(port: number, path: string, from = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', path, localAddress: from, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(`${res.statusCode} ${body}`));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('a connection that sends nothing', () => {
  it('is closed after HEADERS_TIMEOUT_MS, while a slow answer on a live one is not cut', async () => {
    const port = await start({ HEADERS_TIMEOUT_MS: '500' });
    const { closed } = await idle(port);
    expect(await closed).toBeLessThan(2500);
    expect(await get(port, '/slow')).toBe('200 slow ok');
  });
});

describe('one address flooding the server', () => {
  it('holds at most MAX_CONNECTIONS_PER_CLIENT; another address is still served', async () => {
    const port = await start({ MAX_CONNECTIONS: '200', MAX_CONNECTIONS_PER_CLIENT: '20', HEADERS_TIMEOUT_MS: '20000' });
    const flood = await Promise.all(Array.from({ length: 200 }, () => idle(port)));
    // The server resets what is past the cap at once; the first 20 stay open, idle.
    const cut = await Promise.all(flood.map(({ closed }) => Promise.race([closed.then(() => true), sleep(1000).then(() => false)])));
    expect(cut.filter(Boolean)).toHaveLength(180);
    expect(await get(port, '/', '127.0.0.2')).toBe('200 ok');
    // The flooding address itself gets no more.
    expect(await get(port, '/')).toMatch(/ECONNRESET|EPIPE|socket hang up/);
  });

  it('is not capped per address behind TRUST_PROXY (every connection comes from the proxy)', async () => {
    const port = await start({ MAX_CONNECTIONS_PER_CLIENT: '5', TRUST_PROXY: '1', HEADERS_TIMEOUT_MS: '20000' });
    const open = await Promise.all(Array.from({ length: 10 }, () => idle(port)));
    expect(await get(port, '/')).toBe('200 ok');
    const cut = await Promise.all(open.map(({ closed }) => Promise.race([closed.then(() => true), sleep(300).then(() => false)])));
    expect(cut.filter(Boolean)).toHaveLength(0);
  });
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
