// Pins each package's public surface: a change here is a change partners and hosts see.
import { describe, expect, it } from 'vitest';
import * as api from '@obra/api';
import * as designForm from '@obra/design-form';
import * as element from '@obra/element';
import * as elementLoader from '@obra/element/loader';
import * as estimate from '@obra/estimate';
import * as i18n from '@obra/i18n';
import * as marketplace from '@obra/marketplace';
import * as partnerRegistration from '@obra/partner-registration';
import * as react from '@obra/react';
import * as schema from '@obra/schema';
import * as ui from '@obra/ui';
import * as waitList from '@obra/wait-list';

describe('public exports', () => {
  it.each([
    ['@obra/api', api, [
      'ApiError', 'IMAGE_ERRORS', 'RETRY', 'STORED_TTL_MS', 'apiBaseFrom', 'backoff', 'createApiClient', 'createKeyring', 'deliver', 'generateImage', 'newKey', 'parseRetryAfter', 'postJson',
      'searchLocation', 'sendContact', 'sendFormReport', 'sendPartner', 'sendWaitList', 'spamHeaders', 'stored', 'BUNDLE_VERSION', 'attributionOf', 'collectAttribution',
    ]],
    ['@obra/element', element, [
      'DRAFT_TTL_MS', 'REFERENCE_END', 'REFERENCE_START', 'ROOT_PART', 'THEME_PROPERTIES', 'adoptStyles', 'attr', 'className', 'createEmitter', 'createFormStore', 'customElementsManifest',
      'defineContract', 'defineWidget', 'formEventDocs', 'loadDraft', 'manifestMarkdown', 'observeLang', 'outboxFor', 'readAttributes', 'registerWidget', 'replaceReference', 'resolveLang',
      'saveDraft', 'storageKey', 'useDraft', 'useFormDelivery', 'useStore', 'PARTNER_ATTRIBUTE_DOC', 'partnerAttribute',
    ]],
    // The loader is its own entry, so the loader bundle never shares a chunk with the widgets' runtime.
    ['@obra/element/loader', elementLoader, ['LOAD_MARGIN', 'loadOnSight']],
    ['@obra/i18n', i18n, ['DEFAULT_LANG', 'LANGS', 'createI18n', 'normalizeLang']],
    ['@obra/ui', ui, ['Button', 'Dialog', 'Honeypot', 'LiveRegion', 'RadioGroup', 'Select', 'TextArea', 'TextField', 'selectStyles', 'uiStyles', 'useFocusFirstInvalid', 'useModal']],
    ['@obra/schema', schema, [
      'CONSTRUCTION_SYSTEMS', 'CONSTRUCTION_SYSTEM_GROUPS', 'CONTACT_LIMITS', 'DESIGN_LIMITS', 'EXTRAS', 'FACADE_MATERIALS', 'PARTNER_LIMITS', 'PROJECT_STAGES', 'PROJECT_STATES',
      'ROOF_DESIGNS', 'ROOF_MATERIALS', 'SPAM_FIELDS', 'SPAM_HEADERS', 'SPECIALIZATIONS', 'USES', 'WAIT_LIST_INTERESTS', 'WAIT_LIST_LIMITS', 'WALL_TYPES', 'ZONES',
      'contactSchema', 'email', 'formReportSchema', 'imageSpecSchema', 'isCleanLine', 'isCleanText', 'isFieldErrorKey', 'line', 'paragraph', 'partnerSchema', 'personalSchema', 'phone',
      'projectSchema', 'text', 'validate', 'ATTRIBUTION_LIMITS', 'ATTRIBUTION_WIDGETS', 'PARTNER_CODE', 'UTM_KEYS', 'validateAttribution',
      'validateContact', 'validateFormReport', 'validateImageSpec', 'validatePartner', 'validatePersonal', 'validateProject', 'validateWaitList', 'waitListSchema',
    ]],
    ['@obra/partner-registration', partnerRegistration, ['PartnerRegistrationForm', 'createPartnerRegistrationStore', 'partnerRegistrationAttributes', 'partnerRegistrationContract', 'emptyPartnerRegistration', 'partnerRegistrationCatalogues', 'partnerRegistrationWidget']],
    ['@obra/design-form', designForm, [
      'COUNTRIES', 'DEFAULT_COUNTRY', 'DRAFT_TTL_MS', 'DesignForm', 'buildPrompt', 'createDesignFormStore', 'describeDesign', 'designFormAttributes', 'designFormCatalogues', 'designFormContract', 'designFormWidget',
      'draftKey', 'emptyDesign', 'guessCountry', 'imageSpecOf', 'isGeneratedImage', 'loadDraft', 'saveDraft',
    ]],
    ['@obra/marketplace', marketplace, [
      'AUTOPLAY_MS', 'Carousel', 'Marketplace', 'PAGE_SIZE', 'SPEED_MS', 'SoftwareDetail', 'assetUrl', 'catalogueAssets', 'createMarketplaceStore', 'createSoftwareDetailStore',
      'detailHref', 'embedUrl', 'findSoftware', 'fold', 'marketplaceAttributes', 'marketplaceCatalogues', 'marketplaceContract', 'marketplaceWidget', 'pageCount', 'searchSoftware', 'slidesFor', 'softwareCatalogue',
      'softwareDetailAttributes', 'softwareDetailCatalogues', 'softwareDetailContract', 'softwareDetailWidget', 'thumbnailUrl', 'videoId',
    ]],
    ['@obra/estimate', estimate, [
      'DATA', 'REFERENCES', 'REQUIRED_DIMENSIONS', 'STAGES', 'TRADES', 'costOf', 'estimate', 'familyOf', 'materialsOf', 'metres', 'money', 'percent', 'quantitiesOf', 'quantity',
      'rangeAround', 'rangeOf', 'regionOf', 'timeOf', 'valueOf',
    ]],
    ['@obra/react', react, ['ObraDesignForm', 'ObraMarketplace', 'ObraPartnerRegistration', 'ObraSoftwareDetail', 'ObraWaitList', 'createWrapper', 'eventProp']],
    ['@obra/wait-list', waitList, ['WaitList', 'createWaitListStore', 'emptyWaitList', 'waitListAttributes', 'waitListCatalogues', 'waitListContract', 'waitListWidget']],
  ])('%s', (_name, module, names) => {
    expect(Object.keys(module).sort()).toEqual([...names].sort());
  });

  it('importing a package defines no element (only register.ts does)', () => {
    expect(customElements.get('obra-wait-list')).toBeUndefined();
    expect(customElements.get('obra-design-form')).toBeUndefined();
    expect(customElements.get('obra-partner-registration')).toBeUndefined();
    expect(customElements.get('obra-marketplace')).toBeUndefined();
    expect(customElements.get('obra-software-detail')).toBeUndefined();
  });
});
