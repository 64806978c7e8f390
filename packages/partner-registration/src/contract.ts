import { apiBaseFrom } from '@obra/api';
import { attr, defineContract, partnerAttribute, PARTNER_ATTRIBUTE_DOC, wordsAttributes, WORDS_ATTRIBUTE_DOCS } from '@obra/element';
import { formEventDocs } from '@obra/form';
import type { PartnerRegistrationEvents } from './store.ts';

/** `<obra-partner-registration>`'s attributes (besides `lang`): name → parser. The bundle takes only this table, not the docs below. */
export const partnerRegistrationAttributes = {
  'api-base': attr.string(apiBaseFrom(import.meta.url)),
  ...partnerAttribute,
  ...wordsAttributes,
};

/** `<obra-partner-registration>`'s public contract (read by the manifest and the React wrapper). */
export const partnerRegistrationContract = defineContract<PartnerRegistrationEvents>()({
  tag: 'obra-partner-registration',
  description: 'Registration of construction professionals: name, phone, e-mail, country and specialisation.',
  attributes: partnerRegistrationAttributes,
  attributeDocs: {
    partner: PARTNER_ATTRIBUTE_DOC,
    ...WORDS_ATTRIBUTE_DOCS,
    'api-base': {
      description: 'The Obra API base URL; the form posts to `{api-base}/partner`.',
      default: '`/api` on the origin the script came from',
    },
  },
  events: formEventDocs<'registration', unknown>('registration', 'PartnerRegistration'),
  parts: {
    button: 'The send button.',
    primary: 'The send button (every `button` part here is also `primary`).',
  },
});
