// What the API says to whoever called it, in their language: the texts live in
// locales/{es,en}/server.json (one source per message), chosen by the request's Accept-Language.
import type { IncomingMessage } from 'node:http';
import { type Lang, type TranslationKey } from '@obra/i18n';
import { acceptedLang } from '@obra/schema';
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
 * The caller's language from Accept-Language (`acceptedLang`: the supported language with the
 * highest `q`, es when none). The widgets send their own language, so a refusal reads like the
 * form around it.
 */
export const requestLang = (req: IncomingMessage): Lang => acceptedLang(req.headers['accept-language']);
