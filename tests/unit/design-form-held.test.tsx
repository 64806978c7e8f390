// A report stored and not mailed (docs/contributors/behaviour.md#report): the success dialog says
// which cap held it and what happens next, in the widget's language, one message per reason.
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@obra/schema';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { copy, designForm, fillPersonal, generate, openDialogTitles, record, useApi, type Lang } from './support/design-form.ts';

const server = useApi();

const WEEKDAYS = {
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

/** Sends a complete report answered with `answer` and returns the success dialog's text. */
async function successText(lang: Lang, answer: Omit<ReportAnswer, 'id'> & Record<string, unknown>) {
  server.use(designFormHandlers.generated);
  record(server, 'form-report', () => HttpResponse.json({ id: 'rep_2', ...answer }, { status: 201 }));
  const form = await designForm(`lang="${lang}"`);
  await generate(form, lang);
  await fillPersonal(form, lang);
  await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
  await waitFor(() => expect(openDialogTitles(form)).toEqual([copy(lang).form.success.submitted]));
  const dialog = [...form.shadow.querySelectorAll<HTMLDialogElement>('dialog.dialog')].find((d) => d.open)!;
  return dialog.querySelector('p')!.textContent;
}

/** The catalogue's text around `{{time}}`, and what stands in its place in `text`. */
function timeIn(template: string, text: string) {
  const [before, after] = template.split('{{time}}') as [string, string];
  expect(template).toContain('{{time}}');
  expect(text.startsWith(before)).toBe(true);
  expect(text.endsWith(after)).toBe(true);
  return text.slice(before.length, text.length - after.length);
}

describe('<obra-design-form> a held report', () => {
  // 42 minutes past some hour: whatever the test machine's time zone, the minutes show.
  const retryAt = new Date(Date.UTC(2026, 10, 28, 15, 42)).toISOString();

  it.each(['es', 'en'] as const)(
    "the address's cap (%s): this address had its reports of 24 h, and from which day and hour a new one goes",
    async (lang) => {
      const text = await successText(lang, { mail: 'held', held: 'address', retryAt });
      const time = timeIn(copy(lang).form.success.held.address, text);
      expect(time).toMatch(/:42/);
      expect(WEEKDAYS[lang].some((day) => time.includes(day))).toBe(true);
      expect(text).not.toBe(copy(lang).form.success.message);
    },
  );

  it.each(['es', 'en'] as const)(
    "the sender's cap (%s): a first-time address is not told it had reports; from which hour the sender's go again",
    async (lang) => {
      const text = await successText(lang, { mail: 'held', held: 'client', retryAt });
      const time = timeIn(copy(lang).form.success.held.client, text);
      expect(time).toMatch(/^\d{1,2}:42/);
      expect(WEEKDAYS[lang].some((day) => time.includes(day))).toBe(false);
      // Nothing about the e-mail address having had reports: that is the other reason.
      expect(text).not.toMatch(lang === 'es' ? /este correo ya/i : /this e-mail address/i);
    },
  );

  it.each(['es', 'en'] as const)(
    'held without a reason it knows (%s): saved, not mailed, an adviser will call; no cause is made up',
    async (lang) => {
      expect(await successText(lang, { mail: 'held' })).toBe(copy(lang).form.success.held.unknown);
      expect(await successText(lang, { mail: 'held', held: 'future-cap', retryAt })).toBe(copy(lang).form.success.held.unknown);
    },
  );

  it.each(['es', 'en'] as const)('a mailed report (%s): check your e-mail', async (lang) => {
    expect(await successText(lang, { mail: 'queued' })).toBe(copy(lang).form.success.message);
  });
});
