import type { Config } from '../config.ts';
import { specFromPrompt } from './prompt-spec.ts';
import { drawScene, type Spec } from './scene/index.ts';
import { toSvg } from './svg.ts';

/** What to draw: the prompt the widget built and, when it sent one, the structured spec. */
export interface ImageRequest {
  prompt: string;
  spec: Spec | undefined;
}

/** A generated image: its bytes to store and serve, or a URL the provider serves itself. */
export type ImageResult = { body: Uint8Array | string; contentType: string } | { url: string };

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

/** Every field empty: what a prompt without a spec is drawn from. */
export const EMPTY_SPEC: Spec = {
  uso: '', sistemaConstructivo: '', diseno: '', tipoFachada: '', materialCubierta: '', materialFachada: '', zona: '',
  ancho: '', longitud: '', anchoEdificacion: '', largoEdificacion: '', altoEdificacion: '',
};

/** The default: an SVG illustration drawn from the spec (or the prompt's words), in a few milliseconds. */
export const embeddedProvider: ImageProvider = {
  name: 'embedded',
  readsPrompt: false,
  generate: async ({ prompt, spec }) => ({ body: toSvg(drawScene(spec ?? specFromPrompt(prompt)), prompt || 'Obra'), contentType: 'image/svg+xml' }),
};

const MAGIC: [string, (b: Uint8Array) => boolean][] = [
  ['image/png', (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8],
  ['image/webp', (b) => Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP'],
];

/**
 * The common `POST /v1/images/generations` wire format (OpenAI and the services and local servers
 * that copy it): `{model, prompt, size, response_format: 'b64_json'}` → `{data: [{b64_json}]}` (or
 * `{url}`). The image type is read from its bytes, never trusted from the service.
 */
export function openAiCompatibleProvider(options: Config['image']): ImageProvider {
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
      const answer = (await response.json().catch(() => undefined)) as { data?: { b64_json?: unknown; url?: unknown }[]; error?: { message?: unknown } } | undefined;
      if (!response.ok) {
        const reason = typeof answer?.error?.message === 'string' ? `: ${answer.error.message.slice(0, 200)}` : '';
        throw new ProviderError(`The image service answered ${response.status}${reason}.`);
      }
      const first = answer?.data?.[0];
      if (typeof first?.b64_json === 'string') {
        const body = Buffer.from(first.b64_json, 'base64');
        const type = MAGIC.find(([, test]) => test(body))?.[0];
        if (!type) throw new ProviderError('The image service sent data that is not a PNG, JPEG or WebP image.');
        return { body, contentType: type };
      }
      if (typeof first?.url === 'string' && first.url.startsWith('https://')) return { url: first.url };
      throw new ProviderError('The image service answered without an image.');
    },
  };
}

/** The provider IMAGE_PROVIDER selects. */
export const providerFor = (config: Config): ImageProvider =>
  config.image.provider === 'openai-compatible' ? openAiCompatibleProvider(config.image) : embeddedProvider;
