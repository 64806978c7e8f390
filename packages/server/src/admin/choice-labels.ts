// A stored choice is a code (`housing`, `Doble pendiente`, `bim`); the console shows it as the
// visitor read it, in the operator's language, from the widgets' own catalogues (one source per
// message), so the server sends every language of the list and the console picks. Which fields are choices,
// and where their labels are, is the lead-kind registry's (@obra/schema/lead-kinds).
import { type Lang, perLang } from '@obra/schema';
import { choiceLabel } from '../texts.ts';
import type { LeadKind } from '../leads.ts';

/** Each language's name of `value` stored in `column` of a `kind` lead; undefined for free text. */
export function choiceLabels(kind: LeadKind, column: string, value: string): Record<Lang, string> | undefined {
  const field = kind.fields.find((candidate) => candidate.column === column);
  const choices = field?.choices;
  if (!value || !choices) return undefined;
  // A list field holds several codes joined by commas.
  const codes = field.list ? value.split(',').filter(Boolean) : [value];
  return perLang((lang) => codes.map((code) => choiceLabel(lang, choices, code)).join(', '));
}
