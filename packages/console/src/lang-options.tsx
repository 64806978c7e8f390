// The console's words for the languages of the list (@obra/schema lang.ts): one name per language
// and one `<option>` per language wherever a language is chosen.
import { LANGS } from '@obra/i18n';
import { languageName } from '@obra/schema';
import { useT, type ConsoleKey } from './i18n.ts';

/** A language's name in the console's language (`console.langName.<code>`), else in its own words (the list's). */
export function useLangName(): (code: string) => string {
  const { t, has } = useT();
  return (code) => (has(`console.langName.${code}`) ? t(`console.langName.${code}` as ConsoleKey) : languageName(code));
}

/** One `<option>` per language of the list, named in the console's language. */
export function LangOptions() {
  const name = useLangName();
  return LANGS.map((code) => (
    <option key={code} value={code}>
      {name(code)}
    </option>
  ));
}
