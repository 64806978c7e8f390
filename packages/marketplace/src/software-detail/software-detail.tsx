import type { StoreApi } from 'zustand/vanilla';
import { useStore, type WidgetProps } from '@obra/element';
import { attributionOf } from '@obra/api';
import { findSoftware } from '@obra/catalogue';
import { assetUrl } from '../catalogue-assets.ts';
import { priceText } from '@obra/catalogue';
import { BuyButton } from './buy-button.tsx';
import { HeroArt } from './hero-art.tsx';
import type { SoftwareDetailCatalogue } from './catalogues.ts';
import type { SoftwareDetailState } from './store.ts';
import { Videos } from './videos.tsx';

/** The attributes of `<obra-software-detail>`, parsed. */
export interface SoftwareDetailAttributes {
  /** The catalogue item to show. */
  slug: string;
  /** The partner's code, sent with a purchase; '' for none. */
  partner: string;
  /** The Obra API base URL: the buy button posts to `{apiBase}/checkout`. */
  apiBase: string;
}

export type SoftwareDetailProps = WidgetProps<
  SoftwareDetailAttributes,
  Record<never, never>,
  StoreApi<SoftwareDetailState>,
  SoftwareDetailCatalogue
>;

/** One software's page (docs/contributors/behaviour.md#software-detail); an unknown slug says so. */
export function SoftwareDetail({ attrs, lang, i18n, store, host }: SoftwareDetailProps) {
  const { t } = i18n;
  const state = useStore(store);
  const item = findSoftware(attrs.slug);
  if (!item) {
    return (
      <section className="software-detail not-found">
        <p role="alert">{t('softwareDetail.notFound')}</p>
      </section>
    );
  }
  const price = priceText(item.price, lang);
  const list = (items: readonly string[]) => (
    <ul className="bullets">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );

  return (
    <article className="software-detail" aria-labelledby="software-name">
      <div className="hero">
        <figure className="hero-image">
          <HeroArt art={item.imgDetail} label={t('softwareDetail.imageAlt', { name: item.name })} />
          <span className="badge">{price}</span>
        </figure>
        <div className="summary">
          <h2 id="software-name" part="title">
            {item.name}
          </h2>
          <p className="category">{item.category[lang]}</p>
          <p className="description">{item.description[lang]}</p>
          <BuyButton
            apiBase={attrs.apiBase}
            slug={item.slug}
            lang={lang}
            attribution={() => attributionOf(host.ownerDocument, 'software-detail', attrs.partner)}
            go={(url) => window.location.assign(url)}
            labels={{
              buy: t('softwareDetail.buy.buy'),
              busy: t('softwareDetail.buy.busy'),
              error: (reason) => t(`softwareDetail.buy.errors.${reason}`),
            }}
          />
          <a className="button secondary visit" href={item.url} target="_blank" rel="noopener noreferrer">
            {t('softwareDetail.visit')}
            <span className="visually-hidden"> {t('softwareDetail.newTab')}</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        </div>
      </div>
      <div className="facts">
        <section aria-labelledby="features-title">
          <h3 id="features-title">{t('softwareDetail.features')}</h3>
          {list(item.features[lang])}
        </section>
        <section aria-labelledby="use-cases-title">
          <h3 id="use-cases-title">{t('softwareDetail.useCases')}</h3>
          {list(item.useCases[lang])}
        </section>
        <section aria-labelledby="pricing-title">
          <h3 id="pricing-title">{t('softwareDetail.pricing')}</h3>
          <p className="pricing">{t('softwareDetail.pricingLine', { terms: item.pricing[lang], price })}</p>
        </section>
      </div>
      <section aria-labelledby="gallery-title">
        <h3 id="gallery-title">{t('softwareDetail.gallery')}</h3>
        <ul className="gallery">
          {item.gallery.map((path, i) => (
            <li key={`${path}-${i}`}>
              <img
                src={assetUrl(path)}
                alt={t('softwareDetail.galleryAlt', { name: item.name, n: i + 1, count: item.gallery.length })}
                width={320}
                height={200}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      </section>
      {item.extraVideos.length ? (
        <section aria-labelledby="videos-title" className="videos">
          <h3 id="videos-title">{t('softwareDetail.videos')}</h3>
          <Videos
            videos={item.extraVideos}
            lang={lang}
            playing={state.playing}
            onOpen={state.openVideo}
            onClose={state.closeVideo}
            labels={{
              region: t('softwareDetail.carousel.label', { name: item.name }),
              pause: t('softwareDetail.carousel.pause'),
              play: t('softwareDetail.carousel.play'),
              previous: t('softwareDetail.carousel.previous'),
              next: t('softwareDetail.carousel.next'),
              close: t('softwareDetail.video.close'),
              slide: (n, count) => t('softwareDetail.carousel.slide', { n, count }),
              open: t('softwareDetail.video.open'),
              by: (channel) => t('softwareDetail.video.by', { channel }),
            }}
          />
        </section>
      ) : null}
    </article>
  );
}
