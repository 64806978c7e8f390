// The HTTP server's connection limits (http/server.ts, docs/operators/security.md#connections),
// over real TCP on loopback: a connection that never sends a byte is closed after
// HEADERS_TIMEOUT_MS and a kept-alive one with no new request after KEEP_ALIVE_TIMEOUT_MS (node's
// own clocks, which free the slots); one address flooding the server with idle connections holds
// at most MAX_CONNECTIONS_PER_CLIENT of them; and with every slot taken a fresh address still
// gets in, on an idle connection of the busiest address. 127.0.0.2 and up are other clients on the
// same loopback interface (Linux routes 127/8).
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, listen, loadConfig } from '@obra/server';

let server: Server | undefined;
/** How many requests for /slow the server has begun answering. */
let slowStarted = 0;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
  slowStarted = 0;
});

/** Starts the API's server on a free port with `env`; a slow page at /slow answers after 1.5 s. */
async function start(env: Record<string, string>): Promise<number> {
  server = createHttpServer(loadConfig({ LOG_LEVEL: 'silent', ...env }), (req, res) => {
    if (req.url !== '/slow') return void res.end('ok');
    slowStarted += 1;
    setTimeout(() => res.end('slow ok'), 1500);
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

  it("does not cap TRUST_PROXY's proxies (every visitor arrives on their connections), and caps everyone else", async () => {
    const port = await start({ MAX_CONNECTIONS_PER_CLIENT: '5', TRUST_PROXY: '127.0.0.1', HEADERS_TIMEOUT_MS: '20000' });
    const proxy = await Promise.all(Array.from({ length: 10 }, () => idle(port, '127.0.0.1')));
    const direct = await Promise.all(Array.from({ length: 10 }, () => idle(port, '127.0.0.2')));
    expect(await get(port, '/')).toBe('200 ok');
    await until(() => direct.filter(({ socket }) => socket.closed).length === 5);
    expect(proxy.filter(({ socket }) => socket.closed)).toHaveLength(0);
  });
});

describe('every slot taken (MAX_CONNECTIONS)', () => {
  /** How many of these connections the server has closed so far. */
  const closedOf = (open: { socket: Socket }[]) => open.filter(({ socket }) => socket.closed).length;

  it('a fresh address gets in: an idle connection of the busiest address is closed for it, and that address gets no more', async () => {
    const port = await start({ MAX_CONNECTIONS: '30', MAX_CONNECTIONS_PER_CLIENT: '20', HEADERS_TIMEOUT_MS: '20000' });
    const busiest = await Promise.all(Array.from({ length: 20 }, () => idle(port, '127.0.0.1')));
    const other = await Promise.all(Array.from({ length: 10 }, () => idle(port, '127.0.0.2')));
    // 30 of 30 taken: a fresh address's connection gets in, and one of the busiest address's idle 20 is closed for it.
    await idle(port, '127.0.0.3');
    await until(() => closedOf(busiest) === 1);
    // Holding 1 against the busiest's 19, it gets another and is answered on it.
    expect(await get(port, '/', '127.0.0.3')).toBe('200 ok');
    await until(() => closedOf(busiest) === 2);
    // 29 open once that answer's connection closed: 127.0.0.2 takes the 30th, then, holding 11
    // against the busiest's 18, one more at the busiest's expense.
    await idle(port, '127.0.0.2');
    expect(closedOf(busiest)).toBe(2);
    await idle(port, '127.0.0.2');
    await until(() => closedOf(busiest) === 3);
    expect([closedOf(busiest), closedOf(other)]).toEqual([3, 0]);
    // The busiest, now 17 and still the most, gains nothing: its own new connection is refused.
    expect(await get(port, '/', '127.0.0.1')).toMatch(/ECONNRESET|EPIPE|socket hang up/);
  });

  it('closes an idle connection of the busiest address, not one whose answer is on its way', async () => {
    const port = await start({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_CLIENT: '0', HEADERS_TIMEOUT_MS: '20000' });
    // 5 slow requests in flight and 5 idle connections from one address: all 10 slots.
    const slow = Array.from({ length: 5 }, () => get(port, '/slow', '127.0.0.1'));
    await until(() => slowStarted === 5);
    const waiting = await Promise.all(Array.from({ length: 5 }, () => idle(port, '127.0.0.1')));
    expect(await get(port, '/', '127.0.0.2')).toBe('200 ok');
    await until(() => closedOf(waiting) === 1);
    expect(await Promise.all(slow)).toEqual(Array<string>(5).fill('200 slow ok'));
  });

  it('refuses a newcomer only when no address holds two more than it', async () => {
    const port = await start({ MAX_CONNECTIONS: '3', MAX_CONNECTIONS_PER_CLIENT: '0', HEADERS_TIMEOUT_MS: '20000' });
    const open = await Promise.all(['127.0.0.1', '127.0.0.2', '127.0.0.3'].map((from) => idle(port, from)));
    expect(await get(port, '/', '127.0.0.4')).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    expect(closedOf(open)).toBe(0);
  });
});

describe('a kept-alive connection with no new request', () => {
  it('is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const port = await start({ KEEP_ALIVE_TIMEOUT_MS: '300', HEADERS_TIMEOUT_MS: '20000' });
    const { socket, closed } = await idle(port);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('GET / HTTP/1.1\r\nHost: obra.test\r\n\r\n');
    await until(() => answer.endsWith('ok'));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: keep-alive\r\n/);
    // Well before HEADERS_TIMEOUT_MS (20 s): the keep-alive timeout closed it.
    expect(await Promise.race([closed.then(() => 'closed'), sleep(5000).then(() => 'open')])).toBe('closed');
  });
});

/** Polls `check` every 10 ms until it holds (the test's own timeout bounds it). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await sleep(10);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
