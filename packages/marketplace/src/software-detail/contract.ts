import { apiBaseFrom } from '@obra/api';
import { attr, defineContract, partnerAttribute } from '@obra/element';

/** `<obra-software-detail>`'s attributes (besides `lang`): name → parser. The bundle takes only this table, not the docs below. */
export const softwareDetailAttributes = {
  slug: attr.string(''),
  'api-base': attr.string(apiBaseFrom(import.meta.url)),
  ...partnerAttribute,
};

/** `<obra-software-detail>`'s public contract (read by the manifest and the React wrapper). */
export const softwareDetailContract = defineContract<Record<never, never>>()({
  tag: 'obra-software-detail',
  description:
    'One program of the catalogue: image, price badge, description, a buy button (card checkout), official-site link and tutorial videos.',
  attributes: softwareDetailAttributes,
  attributeDocs: {
    slug: { description: 'The program to show (`sketchup`, `revit` …); an unknown slug shows "Software no encontrado."' },
    'api-base': {
      description:
        'The Obra API base URL: "Buy licence" posts `{slug, lang}` to `{api-base}/checkout` and goes to the payment page it answers.',
      default: '`/api` on the origin the script came from',
    },
    partner: {
      description:
        'Your partner code, sent with the purchase: the order counts for you when this page is on one of your approved sites (or the visitor came from one).',
    },
  },
  events: {},
  parts: { buy: 'The "Buy licence" button.' },
});
