import type { Lang } from '@obra/i18n';

/** A text in every language. */
export type Localized<T = string> = Record<Lang, T>;

/** A tutorial video of a catalogue item. */
export interface CatalogueVideo {
  /** A YouTube watch, youtu.be, embed or shorts URL. */
  url: string;
  title: Localized;
  /** Who published it (the channel). */
  published: string;
  /** When it was added to the catalogue (ISO date). */
  added: string;
  /**
   * The video's publication date when the `foundOn` page gives it, otherwise that page's own date (for a GitHub
   * file, the date of the commit in its URL); ISO, never later than `added`.
   */
  date: string;
  /**
   * The page where the link was seen (an official tutorial page, docs or a course list): how anyone can check it.
   * A GitHub file is named at a fixed commit (`/blob/<40-hex commit>/`), so the page cannot change under it.
   */
  foundOn: string;
}

/** The detail page's hero artwork, drawn by the widget: a background colour and a one- or two-letter monogram in white. */
export interface HeroArtwork {
  /** A `#rrggbb` colour dark enough for white letters. */
  color: string;
  monogram: string;
}

/** One item of software.json (docs/contributors/behaviour.md#software-catalogue-item); image paths are relative to the marketplace's catalogue/. */
export interface SoftwareItem {
  id: number;
  /** Unique, lowercase, hyphenated: the detail page's address. */
  slug: string;
  /** The product's own name, the same in every language. */
  name: string;
  /** The official site. */
  url: string;
  /** The card's logo: an image path. */
  image: string;
  /** The detail's hero artwork, drawn inline (no image request: it is the page's largest element). */
  imgDetail: HeroArtwork;
  gallery: string[];
  category: Localized;
  description: Localized;
  features: Localized<string[]>;
  useCases: Localized<string[]>;
  pricing: Localized;
  /** What the card checkout charges: minor units (19900 = 199.00) of a lowercase ISO currency. */
  price: { amount: number; currency: string };
  extraVideos: CatalogueVideo[];
}
