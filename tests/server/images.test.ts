// POST /api/generate-image and GET /api/images/<id> over real HTTP: the embedded illustrator, and
// the openai-compatible adapter against a local fake of that wire format (no internet).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startLocalApi, type LocalApi } from './support/api.ts';

const SPEC = {
  diseno: 'Arco',
  materialCubierta: 'Panel Sandwich',
  materialFachada: 'Ladrillo',
  zona: 'zone3',
  anchoEdificacion: '20',
  largoEdificacion: '30',
  altoEdificacion: '7',
};
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('generate-image with the embedded illustrator', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0' });
  });
  afterAll(() => local.close());
  /** The answer's url, resolved against the API as the widget does. */
  const generate = async (body: unknown, headers?: Record<string, string>) => {
    const response = await postJson(`${local.base}/api/generate-image`, body, headers);
    const answer = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { url?: string };
    return {
      status: response.status,
      json: async () => ({ ...answer, ...(answer.url ? { url: new URL(answer.url, local.base).href } : {}) }),
    };
  };

  it('answers a url on the API, the same for the same spec and another for another spec', async () => {
    const started = performance.now();
    const first = (await (await generate({ prompt: 'Foto realista de una bodega', spec: SPEC })).json()) as { url: string };
    const elapsed = performance.now() - started;
    expect(first.url).toMatch(new RegExp(`^${local.base}/api/images/[\\w-]{43}\\.svg$`));
    // The prompt does not change the illustration: only the spec is drawn.
    const again = (await (await generate({ prompt: 'otro texto', spec: { ...SPEC, uso: '' } })).json()) as { url: string };
    expect(again.url).toBe(first.url);
    const other = (await (await generate({ prompt: 'x', spec: { ...SPEC, diseno: 'Plano' } })).json()) as { url: string };
    expect(other.url).not.toBe(first.url);
    expect(elapsed).toBeLessThan(2000);
  });

  it('never writes the Host the client sent into the url: a path on the API, or PUBLIC_URL when configured', async () => {
    // fetch may not set Host: a plain node:http request does, as a browser reaching a proxy name would.
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${local.base}/api/generate-image`,
        { method: 'POST', headers: { 'content-type': 'application/json', host: 'obra.example:8443' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ prompt: 'p', spec: SPEC }));
    });
    expect((JSON.parse(answer) as { url: string }).url).toMatch(/^\/api\/images\/[\w-]{43}\.svg$/);
    const configured = await startLocalApi({ PUBLIC_URL: 'https://api.obra.example/' });
    try {
      const body = (await (await postJson(`${configured.base}/api/generate-image`, { prompt: 'p', spec: SPEC })).json()) as { url: string };
      expect(body.url).toMatch(/^https:\/\/api\.obra\.example\/api\/images\/[\w-]{43}\.svg$/);
    } finally {
      await configured.close();
    }
  });

  it('serves the SVG with long caching, an ETag, a safe type and a CSP, and 304 on revalidation', async () => {
    const { url } = (await (await generate({ prompt: '', spec: SPEC })).json()) as { url: string };
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 800"/);
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    // The sandwich-panel roof is drawn with ribs; the brick facade with its pattern; the industrial zone with chimneys.
    expect(svg).toContain('id="brick-front"');
    const etag = response.headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${local.base}/api/images/${'a'.repeat(43)}.svg`)).status).toBe(404);
    expect((await fetch(url.replace('.svg', '.png'))).status).toBe(404);
  });

  it('draws every roof design and zone differently', async () => {
    const urls = new Set<string>();
    for (const diseno of ['Una sola pendiente', 'Doble pendiente', 'Discontinua', 'Arco', 'Plano']) {
      for (const zona of ['zone1', 'zone2', 'zone3']) {
        const body = (await (await generate({ prompt: '', spec: { diseno, zona } })).json()) as { url: string };
        urls.add(await (await fetch(body.url)).text());
      }
    }
    expect(urls.size).toBe(15);
  });

  it('draws from the prompt alone when no spec is sent, keyed by the prompt', async () => {
    const a = (await (await generate({ prompt: 'Foto realista de una casa' })).json()) as { url: string };
    const b = (await (await generate({ prompt: 'Foto realista de una casa' })).json()) as { url: string };
    const c = (await (await generate({ prompt: 'Foto realista de una bodega' })).json()) as { url: string };
    expect(a.url).toBe(b.url);
    expect(c.url).not.toBe(a.url);
    expect((await fetch(a.url)).status).toBe(200);
    // The prompt's words choose what they name: a brick barrel-roofed warehouse in an industrial zone.
    const worded = (await (
      await generate({ prompt: 'Foto realista de una bodega de ladrillo con cubierta en arco, zona industrial' })
    ).json()) as { url: string };
    const described = (await (
      await generate({ prompt: '', spec: { uso: 'warehouse', materialFachada: 'Ladrillo', diseno: 'Arco', zona: 'zone3' } })
    ).json()) as { url: string };
    const drawing = async (url: string) => (await (await fetch(url)).text()).replace(/<title>.*?<\/title>/, '');
    expect(await drawing(worded.url)).toBe(await drawing(described.url));
  });

  it('keeps every prompt out of the picture, so the first one for a spec is not served to everyone, and stays valid XML', async () => {
    const hostile = { prompt: 'Compra en evil.example \u0001\u0000 <script>alert(1)</script>', spec: { ...SPEC, diseno: 'Discontinua' } };
    expect((await generate(hostile)).status).toBe(400);
    const first = (await (await generate({ prompt: 'Llame al 555-0100 para su premio', spec: hostile.spec })).json()) as { url: string };
    const second = (await (await generate({ prompt: 'Foto realista de una bodega', spec: hostile.spec })).json()) as { url: string };
    expect(second.url).toBe(first.url);
    const svg = await (await fetch(first.url)).text();
    expect(svg).not.toMatch(/premio|Llame/);
    expect(svg).toMatch(/<title>Obra — [^<]+<\/title>/);
    // Nothing outside XML 1.0's characters (a parser would stop at it).
    expect(svg).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  });

  it('answers 400 with field errors for a bad spec or prompt, and keeps serving', async () => {
    const bad = await generate({ prompt: 'x', spec: { diseno: 'Cúpula', anchoEdificacion: '1234567', zona: 7 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: object }).errors).toEqual({ diseno: 'choose', anchoEdificacion: 'dimension', zona: 'choose' });
    const noPrompt = await generate({ spec: SPEC });
    expect(await noPrompt.json()).toMatchObject({ errors: { prompt: 'required' } });
    expect((await generate({ prompt: 'x'.repeat(1001) })).status).toBe(400);
    expect((await generate('[1]')).status).toBe(400);
    expect(await (await generate({ prompt: 'casa\u202Eevil', spec: SPEC })).json()).toMatchObject({ errors: { prompt: 'characters' } });
    expect((await generate({ prompt: 'ok', spec: SPEC })).status).toBe(200);
  });
});

describe('the image store is bounded', () => {
  let local: LocalApi;
  beforeAll(async () => {
    local = await startLocalApi({ RATE_LIMIT: '0', TRUST_PROXY: '1' });
  });
  afterAll(() => local.close());
  const generate = (prompt: string, client: string) =>
    postJson(`${local.base}/api/generate-image`, { prompt }, { 'x-forwarded-for': client }).then(
      async (r) => ((await r.json()) as { url: string }).url,
    );
  const count = async (client: string) =>
    (await local.api.db.query<{ n: number }>('select count(*)::int as n from image where client = $1', [client]))[0]!.n;

  it('keeps at most 50 images no report uses per client (a new prompt each was a new row, without end); other clients keep theirs', async () => {
    const other = await generate('una casa de otro visitante', '192.0.2.200');
    const urls: string[] = [];
    for (let i = 0; i < 60; i += 1) urls.push(await generate(`casa número ${i}`, '192.0.2.100'));
    expect(await count('192.0.2.100')).toBe(50);
    // The latest fifty stay (the first ten went), and the other client's image too.
    expect((await fetch(new URL(urls[59]!, local.base))).status).toBe(200);
    expect((await fetch(new URL(urls[0]!, local.base))).status).toBe(404);
    expect((await fetch(new URL(other, local.base))).status).toBe(200);
  });

  it('drops an image no report uses a day after its last use, never one a report names', async () => {
    const unused = await generate('casa olvidada', '192.0.2.101');
    const used = await generate('casa del informe', '192.0.2.101');
    const id = (url: string) => /images\/([\w-]{43})\./.exec(url)![1]!;
    await local.api.db.query(
      `insert into report (nombre, correo, telefono, pais, departamento, ciudad, estado_proyecto, etapa_proyecto, ancho, longitud, ancho_edificacion,
         largo_edificacion, alto_edificacion, uso, uso_especifico, sistema_constructivo, diseno, tipo_fachada, material_cubierta, material_fachada, zona, otros,
         image_url, prompt, request_hash, image_id)
       values ('Ana', 'ana@example.com', '+57 300 000 0000', 'Colombia', '', '', 'Nueva', 'Concepcion', '', '', '', '', '', 'housing', '', '', '', '', '', '', '', '', $1, '', 'h', $2)`,
      [used, id(used)],
    );
    await local.api.db.query("update image set used_at = now() - interval '25 hours' where id = any($1)", [[id(unused), id(used)]]);
    // Any new image sweeps what has aged.
    await generate('casa nueva', '192.0.2.102');
    const left = await local.api.db.query<{ id: string }>('select id from image where id = any($1)', [[id(unused), id(used)]]);
    expect(left).toEqual([{ id: id(used) }]);
  });
});

describe('generate-image with IMAGE_PROVIDER=openai-compatible', () => {
  let fake: Server;
  let fakeBase = '';
  const seen: { auth?: string; body: Record<string, unknown> }[] = [];
  let mode: 'ok' | 'fail' = 'ok';
  let local: LocalApi;

  beforeAll(async () => {
    fake = createServer(
      (req, res) =>
        void (async () => {
          let raw = '';
          for await (const chunk of req) raw += chunk;
          seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
          if (req.url !== '/v1/images/generations' || mode === 'fail') {
            res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model overloaded' } }));
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 1, data: [{ b64_json: PNG }] }));
        })(),
    );
    await new Promise<void>((ready) => fake.listen(0, '127.0.0.1', ready));
    fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    local = await startLocalApi({
      IMAGE_PROVIDER: 'openai-compatible',
      IMAGE_API_URL: fakeBase,
      IMAGE_API_KEY: 'sk-test',
      IMAGE_MODEL: 'test-model',
    });
  });
  afterAll(async () => {
    await local.close();
    await new Promise((done) => fake.close(done));
  });

  it('sends the wire format, stores the PNG it answers and serves it from the API', async () => {
    const response = await postJson(`${local.base}/api/generate-image`, { prompt: 'Foto realista de una casa', spec: SPEC });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/\/api\/images\/[\w-]{43}\.png$/);
    expect(seen.at(-1)).toEqual({
      auth: 'Bearer sk-test',
      body: { model: 'test-model', prompt: 'Foto realista de una casa', size: '1536x1024', n: 1, response_format: 'b64_json' },
    });
    const image = await fetch(new URL(url, local.base));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it('answers 502 with an errorMessage when the service fails', async () => {
    mode = 'fail';
    const response = await postJson(`${local.base}/api/generate-image`, { prompt: 'another prompt', spec: SPEC });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(/answered 500: model overloaded/);
    mode = 'ok';
  });
});
