import type { StoreApi } from 'zustand/vanilla';
import { obraOriginFrom } from '@obra/api';
import type { Lang } from '@obra/i18n';
import { SEGMENTS } from '@obra/schema';
import { ownWords, useKeptInHistory, useStore, type OwnWords, type WidgetProps } from '@obra/element';
import { LiveRegion } from '@obra/ui';
import { searchSoftware, softwareCatalogue } from '@obra/catalogue';
import { assetUrl } from '../catalogue-assets.ts';
import { priceText } from '@obra/catalogue';
import type { MarketplaceCatalogue } from './catalogues.ts';
import { Pagination } from './pagination.tsx';
import { SearchBox } from './search-box.tsx';
import { PAGE_SIZE, pageCount, type MarketplaceState } from './store.ts';

/** The attributes of `<obra-marketplace>`, parsed. */
export interface MarketplaceAttributes extends OwnWords {
  /** Link of a card's More button; `{lang}` and `{slug}` are filled in. Empty: Obra's product page. */
  detailHref: string;
  /** The partner's code, carried by the More links (`partner=CODE`); '' for none. */
  partner: string;
}

export type MarketplaceProps = WidgetProps<MarketplaceAttributes, Record<never, never>, StoreApi<MarketplaceState>, MarketplaceCatalogue>;

/**
 * Obra's product page per language (docs/contributors/behaviour.md#routes), on the origin the
 * widget's script came from: on a partner's page a path alone would lead to the partner's site.
 */
const OBRA = obraOriginFrom(import.meta.url);
const defaultDetailHref = (lang: Lang): string => `${OBRA}/{lang}/${SEGMENTS.product[lang]}/{slug}`;

/**
 * The More link of an item: the template with `{lang}` and `{slug}` filled in (URL-encoded), and
 * the partner's code as `partner=CODE` unless the template names one already.
 */
export function detailHref(template: string, lang: Lang, slug: string, partner = ''): string {
  const href = (template || defaultDetailHref(lang)).replaceAll('{lang}', lang).replaceAll('{slug}', encodeURIComponent(slug));
  if (!partner || /[?&]partner=/.test(href)) return href;
  const [path, hash] = href.split('#', 2) as [string, string?];
  return `${path}${path.includes('?') ? '&' : '?'}partner=${partner}${hash === undefined ? '' : `#${hash}`}`;
}

const MAX_SUGGESTIONS = 6;

/** What the catalogue keeps in the page's history entry: its page and the search applied (not each keystroke). */
const keepInHistory = ({ page, applied }: MarketplaceState) => ({ page, applied });
const restoreFromHistory = (kept: { page?: unknown; applied?: unknown }): Partial<MarketplaceState> => {
  const applied = typeof kept.applied === 'string' ? kept.applied.slice(0, 200) : '';
  return { page: typeof kept.page === 'number' && kept.page >= 1 ? Math.trunc(kept.page) : 1, applied, text: applied };
};

/** The software catalogue (docs/contributors/behaviour.md#software-catalogue): search with suggestions, a card grid and pages. */
export function Marketplace({ attrs, lang, i18n, store, host }: MarketplaceProps) {
  const { t } = i18n;
  // Back from a product's page: the catalogue is on the page and search it was left on.
  useKeptInHistory(store, host, 'marketplace', keepInHistory, restoreFromHistory);
  const state = useStore(store);
  const results = searchSoftware(softwareCatalogue, state.applied, lang);
  const pages = pageCount(results.length);
  const page = Math.min(state.page, pages);
  const shown = results.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const suggestions = state.text.trim() ? searchSoftware(softwareCatalogue, state.text, lang).slice(0, MAX_SUGGESTIONS) : [];

  return (
    <section className="marketplace" aria-labelledby="marketplace-title">
      <header className="head">
        <h2 id="marketplace-title" part="title">
          {ownWords(attrs, 'heading', lang, t('marketplace.title'))}
        </h2>
        <p className="intro">{ownWords(attrs, 'intro', lang, t('marketplace.intro'))}</p>
      </header>
      <SearchBox
        text={state.text}
        suggestions={suggestions}
        categoryOf={(item) => item.category[lang]}
        open={state.open}
        labels={{
          label: t('marketplace.search.label'),
          placeholder: t('marketplace.search.placeholder'),
          button: t('marketplace.search.button'),
          suggestions: t('marketplace.search.suggestions'),
        }}
        onType={state.type}
        onApply={state.apply}
        onChoose={state.choose}
        onOpen={state.show}
      />
      {results.length === 0 ? (
        <p className="no-results">{t('marketplace.noResults', { term: state.applied })}</p>
      ) : (
        <ul className="grid">
          {shown.map((item) => (
            <li key={item.slug} className="software-card">
              <img src={assetUrl(item.image)} alt="" width={64} height={64} />
              <h3>{item.name}</h3>
              <p className="category">{item.category[lang]}</p>
              <p className="price">{priceText(item.price, lang)}</p>
              <a className="more button secondary" href={detailHref(attrs.detailHref, lang, item.slug, attrs.partner)}>
                {t('marketplace.more')}
                <span className="visually-hidden"> {t('marketplace.moreAbout', { name: item.name })}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <Pagination
          page={page}
          pages={pages}
          labels={{
            label: t('marketplace.pagination.label'),
            previous: t('marketplace.pagination.previous'),
            next: t('marketplace.pagination.next'),
            page: (n) => t('marketplace.pagination.page', { page: n }),
          }}
          onPage={(to) => state.goTo(to, pages)}
        />
      ) : null}
      <LiveRegion message={state.applied ? t('marketplace.results', { count: results.length }) : ''} />
    </section>
  );
}
