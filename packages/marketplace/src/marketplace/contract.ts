import { attr, defineContract, partnerAttribute, wordsAttributes, WORDS_ATTRIBUTE_DOCS } from '@obra/element';

/** `<obra-marketplace>`'s attributes (besides `lang`): name → parser. The bundle takes only this table, not the docs below. */
export const marketplaceAttributes = {
  'detail-href': attr.string(''),
  ...partnerAttribute,
  ...wordsAttributes,
};

/** `<obra-marketplace>`'s public contract (read by the manifest and the React wrapper). */
export const marketplaceContract = defineContract<Record<never, never>>()({
  tag: 'obra-marketplace',
  description:
    "The software catalogue: search with suggestions, a card grid and pagination. Back from a product (or a reload) finds it on the page and search it was left on: it keeps them in the page's history entry (`history.state`, beside your own), not in the URL.",
  attributes: marketplaceAttributes,
  attributeDocs: {
    'detail-href': {
      description:
        'The More link template, with `{lang}` and `{slug}`: your own product page, e.g. `https://partner.example/software/{slug}` (a path alone is on your site).',
      default: "Obra's product page, `/es/producto/{slug}` or `/en/product/{slug}` on the origin the script came from",
    },
    partner: {
      description:
        'Your partner code: the More links carry it (`?partner=CODE`) to the product page, so a purchase started from your catalogue counts for you.',
    },
    ...WORDS_ATTRIBUTE_DOCS,
  },
  events: {},
  parts: {},
});
