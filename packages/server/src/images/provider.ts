import type { Config } from '../config.ts';
import { specFromPrompt } from './prompt-spec.ts';
import type { Spec } from './scene/index.ts';
import { illustrationSvg } from './svg.ts';

/** What to draw: the prompt the widget built and, when it sent one, the structured spec. */
interface ImageRequest {
  prompt: string;
  spec: Spec | undefined;
}

/** A generated image: its bytes, stored and served by the API (a report may only carry those). */
type ImageResult = { body: Uint8Array | string; contentType: string };

/** An image generator: the embedded illustrator or an external AI service (IMAGE_PROVIDER). */
export interface ImageProvider {
  /** Part of each image's id: switching providers does not serve the other's pictures. */
  readonly name: string;
  /** Whether the picture depends on the prompt too (an AI reads it; the illustrator reads the spec). */
  readonly readsPrompt: boolean;
  generate(request: ImageRequest): Promise<ImageResult>;
}

/** A provider that failed: answered 502 with this message. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/**
 * The default: an SVG illustration drawn from the spec (or the prompt's words), in a few
 * milliseconds. Nothing of the prompt is written into the picture: its id hashes the spec alone,
 * so the first prompt for a spec must not be what every later visitor is served.
 */
const embeddedProvider: ImageProvider = {
  name: 'embedded',
  readsPrompt: false,
  generate: async ({ prompt, spec }) => ({ body: illustrationSvg(spec ?? specFromPrompt(prompt)), contentType: 'image/svg+xml' }),
};

const MAGIC: [string, (b: Uint8Array) => boolean][] = [
  ['image/png', (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8],
  ['image/webp', (b) => Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP'],
];

const MAX_IMAGE_BYTES = 20 * 2 ** 20;

/** Fetches an image a service links to (it is then stored and served by the API like any other). */
async function download(url: string, timeoutMs: number): Promise<Buffer> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES) throw new Error('it is larger than 20 MiB');
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_IMAGE_BYTES) throw new Error('it is larger than 20 MiB');
    return body;
  } catch (error) {
    throw new ProviderError(`The image the service linked to could not be fetched (${(error as Error).message}).`);
  }
}

/**
 * The common `POST /v1/images/generations` wire format (OpenAI and the services and local servers
 * that copy it): `{model, prompt, size, response_format: 'b64_json'}` → `{data: [{b64_json}]}` (or
 * `{url}`). The image type is read from its bytes, never trusted from the service.
 */
function openAiCompatibleProvider(options: Config['image']): ImageProvider {
  return {
    name: `openai-compatible:${options.model}:${options.size}`,
    readsPrompt: true,
    async generate({ prompt }) {
      let response: Response;
      try {
        response = await fetch(`${options.apiUrl}/v1/images/generations`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ model: options.model, prompt, size: options.size, n: 1, response_format: 'b64_json' }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new ProviderError(`The image service at ${options.apiUrl} could not be reached (${(error as Error).message}).`);
      }
      const answer = (await response.json().catch(() => undefined)) as
        { data?: { b64_json?: unknown; url?: unknown }[]; error?: { message?: unknown } } | undefined;
      if (!response.ok) {
        const reason = typeof answer?.error?.message === 'string' ? `: ${answer.error.message.slice(0, 200)}` : '';
        throw new ProviderError(`The image service answered ${response.status}${reason}.`);
      }
      const first = answer?.data?.[0];
      let body: Buffer;
      if (typeof first?.b64_json === 'string') body = Buffer.from(first.b64_json, 'base64');
      else if (typeof first?.url === 'string' && first.url.startsWith('https://')) body = await download(first.url, options.timeoutMs);
      else throw new ProviderError('The image service answered without an image.');
      const type = MAGIC.find(([, test]) => test(body))?.[0];
      if (!type) throw new ProviderError('The image service sent data that is not a PNG, JPEG or WebP image.');
      return { body, contentType: type };
    },
  };
}

/** The provider IMAGE_PROVIDER selects. */
export const providerFor = (config: Config): ImageProvider =>
  config.image.provider === 'openai-compatible' ? openAiCompatibleProvider(config.image) : embeddedProvider;
