// The welcome of an approved partner (queued by partners-routes.ts in the approval's transaction):
// in the language of their registration, their code, the addresses their leads count from, a
// ready snippet for every widget and the loader, and the link to the partners' guide.
import { langOr, loaderSnippet, SNIPPET_WIDGETS, widgetSnippet, type Lang } from '@obra/schema';
import type { Queryable } from '../db/index.ts';
import { textsIn } from '../texts.ts';

/** Where the partners' guide is served (host/build.ts renders docs/partners/ there). */
const GUIDE_PATH = '/docs/partners/embedding.html';

/** The welcome mail of partner `id`, or null when it is gone or not approved any more. */
export async function partnerWelcome(
  db: Queryable,
  id: string,
  origin: string,
): Promise<{ to: string; subject: string; text: string } | null> {
  const [partner] = await db.query<{ code: string; origins: string[]; nombre: string; correo: string; lang: string }>(
    `select a.code, a.origins, p.nombre, p.correo, p.lang from partner_account a join partner p on p.id = a.id
     where a.id = $1 and a.status = 'approved'`,
    [id],
  );
  if (!partner) return null;
  const lang: Lang = langOr(partner.lang);
  const t = textsIn(lang);
  const { code } = partner;
  const snippets = [
    ...SNIPPET_WIDGETS.map((widget) => [`— ${t(`consolePartners.snippets.widget.${widget}`)}`, widgetSnippet(origin, widget, code, lang)]),
    [`— ${t('consolePartners.snippets.loader')}`, loaderSnippet(origin, code, undefined, lang)],
  ].map((lines) => lines.join('\n'));
  const text = [
    t('consolePartners.welcome.hello', { name: partner.nombre }),
    '',
    t('consolePartners.welcome.intro', { code }),
    ...(partner.origins.length ? partner.origins.map((o) => `  ${o}`) : [`  ${t('consolePartners.welcome.noOrigins')}`]),
    '',
    t('consolePartners.welcome.snippets'),
    '',
    snippets.join('\n\n'),
    '',
    t('consolePartners.welcome.guide'),
    `${origin}${GUIDE_PATH}`,
    '',
    t('consolePartners.welcome.footer'),
  ].join('\n');
  return { to: partner.correo, subject: t('consolePartners.welcome.subject', { code }), text };
}
