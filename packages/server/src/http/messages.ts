// What the API says to whoever called it, in their language: the texts live in
// locales/{es,en}/server.json (one source per message), chosen by the request's Accept-Language.
import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANG, normalizeLang, type Lang, type TranslationKey } from '@obra/i18n';
import type es from '@obra/i18n/locales/es/server.json';
import { textsIn, type ServerKey } from '../texts.ts';

/** A key of server.json (dotted, e.g. `body.tooLarge`). */
type MessageKey = TranslationKey<typeof es>;

/** A message to translate when the answer is written: its key and the `{{placeholders}}`' values. */
export interface ServerMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** The text of `message` in `lang`. */
export const serverText = (lang: Lang, { key, values }: ServerMessage): string => textsIn(lang)(`server.${key}` as ServerKey, values);

/**
 * The caller's language from Accept-Language: the supported language with the highest `q`
 * (`fr, en;q=0.8` → en), the first listed on a tie; es when none is supported or there is no
 * header. The widgets send their own language, so a refusal reads like the form around it.
 */
export function requestLang(req: IncomingMessage): Lang {
  const header = String(req.headers['accept-language'] ?? '');
  let best: { lang: Lang; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag, ...params] = part.split(';');
    const lang = normalizeLang(tag);
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? 1,
    );
    if (lang && Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_LANG;
}
