import { apiBaseFrom } from '@obra/api';
import { attr, defineContract, partnerAttribute, PARTNER_ATTRIBUTE_DOC, wordsAttributes, WORDS_ATTRIBUTE_DOCS } from '@obra/element';
import { formEventDocs } from '@obra/form';
import type { WaitListEvents } from './store.ts';

/** `<obra-wait-list>`'s attributes (besides `lang`): name → parser. The bundle takes only this table, not the docs below. */
export const waitListAttributes = {
  'api-base': attr.string(apiBaseFrom(import.meta.url)),
  endpoint: attr.string(''),
  transport: attr.oneOf(['cors', 'no-cors'], 'cors'),
  ...partnerAttribute,
  ...wordsAttributes,
};

/** `<obra-wait-list>`'s public contract: attributes, events and parts (read by the manifest and the React wrapper). */
export const waitListContract = defineContract<WaitListEvents>()({
  tag: 'obra-wait-list',
  description: 'The wait list for customers and suppliers: interest, name, e-mail, phone and a comment.',
  attributes: waitListAttributes,
  attributeDocs: {
    partner: PARTNER_ATTRIBUTE_DOC,
    ...WORDS_ATTRIBUTE_DOCS,
    'api-base': { description: 'The Obra API base URL.', default: '`/api` on the origin the script came from' },
    endpoint: { description: 'A full URL that replaces `{api-base}/wait-list`; required with `no-cors`.' },
    transport: {
      description:
        '`cors`: POST JSON to the endpoint and read the answer. `no-cors`: for spreadsheet-script web endpoints, which cannot be read (success unless the request itself fails).',
    },
  },
  events: formEventDocs<'entry', unknown>('entry', 'WaitListEntry'),
  parts: {
    button: 'The send button.',
    primary: 'The send button (every `button` part here is also `primary`).',
    'delivery-status': 'The line under the send button while a sent entry waits for the network ("Saved, waiting to send").',
  },
});
