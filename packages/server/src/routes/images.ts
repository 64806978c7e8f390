import { createHash } from 'node:crypto';
import { DESIGN_LIMITS, isCleanLine, validateImageSpec } from '@obra/schema';
import { readJson } from '../http/body.ts';
import { HttpError, invalidFields } from '../http/errors.ts';
import { EXTENSIONS, IMAGE_PATH } from '../images/ids.ts';
import { ProviderError } from '../images/provider.ts';
import type { Spec } from '../images/scene/index.ts';
import type { Queryable } from '../db/index.ts';
import type { Handler } from './types.ts';

/**
 * The images a client may keep that no report uses: past it, its least recently used go (a new
 * prompt is a new row, so the store used to grow with every request). The widget keeps one image
 * per form; fifty is a visitor trying many designs.
 */
const UNUSED_IMAGES_PER_CLIENT = 50;
/** How long an image no report uses is kept after it was last generated or asked for. */
const UNUSED_IMAGE_HOURS = 24;

/**
 * After each new image: drops `client`'s unused images past its quota, and every unused image past
 * the age limit (an index range that is empty but for the few that just aged).
 */
async function keepImagesBounded(db: Queryable, client: string): Promise<void> {
  await db.query(
    `delete from image where id in (
       select id from image i where (client = $1 and not exists (select 1 from report r where r.image_id = i.id))
       order by used_at desc offset $2)
     or id in (select id from image i where used_at < now() - make_interval(hours => $3)
               and not exists (select 1 from report r where r.image_id = i.id))`,
    [client, UNUSED_IMAGES_PER_CLIENT, UNUSED_IMAGE_HOURS],
  );
}

const TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

function readRequest(input: unknown): { prompt: string; spec: Spec | undefined } {
  const body = (input ?? {}) as { prompt?: unknown; spec?: unknown };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new HttpError(400, { key: 'image.object' }, { body: { errors: { prompt: 'required' } } });
  const errors: Record<string, string> = {};
  if (typeof body.prompt !== 'string') errors.prompt = 'required';
  else if (body.prompt.length > DESIGN_LIMITS.prompt) errors.prompt = 'tooLong';
  else if (!isCleanLine(body.prompt.trim())) errors.prompt = 'characters';
  let spec: Spec | undefined;
  if (body.spec !== undefined && body.spec !== null) {
    const checked = validateImageSpec(body.spec);
    if (checked.ok) spec = checked.value;
    else for (const [field, error] of Object.entries(checked.errors)) if (error) errors[field] = error.key;
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
  return { prompt: (body.prompt as string).trim(), spec };
}

/**
 * POST /api/generate-image {prompt, spec?} → {url}. The id hashes what the picture is drawn from
 * (the canonical spec, the prompt only without one or for a provider that reads it), so the same
 * spec is generated once and then answered from the database.
 */
export const generateImage: Handler = async ({ req, config, db, images, client }) => {
  const { prompt, spec } = readRequest((await readJson(req, config.bodyLimit)).value);
  const source = { provider: images.name, spec: spec ?? null, prompt: spec && !images.readsPrompt ? null : prompt };
  const id = createHash('sha256').update(JSON.stringify(source)).digest('base64url');
  // Absolute on PUBLIC_URL; else path-absolute, which the client resolves against the API it
  // called, so a Host header a client chose is never written into a URL.
  const url = (type: string) => ({
    status: 200,
    body: { url: `${config.publicUrl ?? ''}/api/images/${id}.${EXTENSIONS[type]}` },
    log: { image: id },
  });
  const [stored] = await db.query<{ content_type: string }>('update image set used_at = now() where id = $1 returning content_type', [id]);
  if (stored) return url(stored.content_type);
  const started = performance.now();
  let result;
  try {
    result = await images.generate({ prompt, spec });
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, { key: 'image.failed', values: { detail: error.message } });
    throw error;
  }
  const body = typeof result.body === 'string' ? Buffer.from(result.body) : result.body;
  await db.query('insert into image (id, content_type, body, prompt, client) values ($1, $2, $3, $4, $5) on conflict (id) do nothing', [
    id,
    result.contentType,
    body,
    prompt,
    client,
  ]);
  await keepImagesBounded(db, client);
  return { ...url(result.contentType), log: { image: id, generateMs: Math.round(performance.now() - started), bytes: body.length } };
};

/**
 * GET /api/images/<id>.<ext>: immutable (the id is the content's source), with a CSP that keeps an
 * SVG opened on its own from running anything.
 */
export const serveImage: Handler = async ({ req, url, db }) => {
  const match = IMAGE_PATH.exec(url.pathname);
  const [row] = match
    ? await db.query<{ content_type: string; body: Uint8Array }>('select content_type, body from image where id = $1', [match[1]])
    : [];
  if (!match || !row || TYPES[match[2]!] !== row.content_type) throw new HttpError(404, { key: 'image.unknown' });
  const etag = `"${match[1]}"`;
  const headers = {
    'Content-Type': row.content_type === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : row.content_type,
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (req.headers['if-none-match'] === etag) return { status: 304, body: undefined, headers };
  return { status: 200, body: undefined, raw: row.body, headers };
};
