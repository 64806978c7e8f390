import { apiBaseFrom } from '@obra/api';
import { attr, defineContract, partnerAttribute, PARTNER_ATTRIBUTE_DOC, wordsAttributes, WORDS_ATTRIBUTE_DOCS } from '@obra/element';
import type { DesignFormEvents } from './store.ts';

/** `<obra-design-form>`'s attributes (besides `lang`): name → parser. The bundle takes only this table, not the docs below. */
export const designFormAttributes = {
  'api-base': attr.string(apiBaseFrom(import.meta.url)),
  debug: attr.boolean(),
  ...partnerAttribute,
  ...wordsAttributes,
};

/** `<obra-design-form>`'s public contract (read by the manifest and the React wrapper). */
export const designFormContract = defineContract<DesignFormEvents>()({
  tag: 'obra-design-form',
  description: 'The AI project design form: the planned building, a generated illustration, and a report by e-mail.',
  attributes: designFormAttributes,
  attributeDocs: {
    partner: PARTNER_ATTRIBUTE_DOC,
    ...WORDS_ATTRIBUTE_DOCS,
    'api-base': {
      description: 'The Obra API base URL (`/location`, `/generate-image`, `/form-report`).',
      default: '`/api` on the origin the script came from',
    },
    debug: {
      description:
        "Logs to the browser's console why an illustration or a location search failed, for your developers; without it the widget writes nothing there (the visitor is told either way).",
    },
  },
  events: {
    'obra-image-generated': {
      description: 'An illustration was generated for the described building.',
      detail: '{ url: string; prompt: string }',
    },
    'obra-submit': {
      description: 'A complete report is about to be sent; `preventDefault()` stops the send. Cancelable.',
      detail: '{ report: FormReport }',
    },
    'obra-success': {
      description:
        'The report was accepted; its e-mail follows, unless a sending cap held it (the success dialog then says why and what happens next).',
      detail: '{ report: FormReport }',
    },
    'obra-error': {
      description:
        'The report was not accepted (`reason`: an error key such as `api.server`), or accepted without counting for you (`api.originNotApproved`, `api.partnerNotVerified`: see Sites not approved).',
      detail: '{ report: FormReport; reason: ApiErrorKey; message: string }',
    },
  },
  parts: {
    button:
      'The button opening the contact-details modal, the send button inside it, its "Generate the image" button, and the waiting overlay\'s close button.',
    primary: 'The first two (`::part(button primary)`).',
    secondary: 'The modal\'s "Generate the image" button, shown while the form has no image (`::part(button secondary)`).',
    'image-panel': 'The generated-image panel (left column on wide screens).',
    sections: 'The column of collapsible sections.',
    estimate: 'The live estimate below the sections: cost range, cost per m² and weeks.',
    'overlay-close': 'The "Close and continue" button of the full-screen overlay shown while a report waits for the network.',
    'delivery-status': 'The line under the form, once that overlay is closed, saying the report goes out when the network returns.',
  },
});
