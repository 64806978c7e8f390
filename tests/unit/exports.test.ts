// Pins each package's public surface: a change here is a change partners and hosts see.
import { describe, expect, it } from 'vitest';
import * as api from '@obra/api';
import * as designForm from '@obra/design-form';
import * as element from '@obra/element';
import * as elementLoader from '@obra/element/loader';
import * as estimate from '@obra/estimate';
import * as form from '@obra/form';
import * as formReact from '@obra/form/react';
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
      'ApiError', 'IMAGE_ERRORS', 'RETRY', 'STORED_TTL_MS', 'apiBaseFrom', 'backoff', 'createApiClient', 'createKeyring', 'deliver', 'generateImage', 'newKey', 'parseRetryAfter', 'apiUrl', 'request',
      'searchLocation', 'sendContact', 'sendFormReport', 'sendPartner', 'sendWaitList', 'spamHeaders', 'stored', 'BUNDLE_VERSION', 'attributionOf', 'collectAttribution',
    ]],
    ['@obra/element', element, [
      'ROOT_PART', 'THEME_PROPERTIES', 'adoptStyles', 'attr', 'camelCase', 'createEmitter',
      'defineContract', 'defineWidget', 'observeLang', 'readAttributes', 'registerWidget', 'resolveLang',
      'useStore', 'PARTNER_ATTRIBUTE_DOC', 'partnerAttribute',
    ]],
    ['@obra/form', form, [
      'DRAFT_DELAY_MS', 'DRAFT_TTL_MS', 'createAutosave', 'createFormStore', 'createSubmission', 'draftFor', 'failureMessage', 'formEventDocs', 'loadDraft', 'outboxFor',
      'pageStorage', 'saveDraft', 'storageKey',
    ]],
    // The React binding is its own entry, so the host's plain-DOM script never reaches React.
    ['@obra/form/react', formReact, ['useDraft', 'useFormDelivery', 'useOutbox']],
    // The loader is its own entry, so the loader bundle never shares a chunk with the widgets' runtime.
    ['@obra/element/loader', elementLoader, ['LOAD_MARGIN', 'loadOnSight']],
    ['@obra/i18n', i18n, ['DEFAULT_LANG', 'LANGS', 'createI18n', 'normalizeLang']],
    ['@obra/ui', ui, ['Button', 'CheckboxGroup', 'Combobox', 'Dialog', 'GroupedRadioGroup', 'Honeypot', 'LiveRegion', 'RadioGroup', 'Select', 'TextArea', 'TextField', 'selectStyles', 'uiStyles', 'useFocusFirstInvalid', 'useModal']],
    ['@obra/schema', schema, [
      'CONSTRUCTION_SYSTEMS', 'CONSTRUCTION_SYSTEM_GROUPS', 'CONTACT_LIMITS', 'DESIGN_LIMITS', 'EXTRAS', 'FACADE_MATERIALS', 'PARTNER_LIMITS', 'PROJECT_STAGES', 'PROJECT_STATES',
      'ROOF_DESIGNS', 'ROOF_MATERIALS', 'SPAM_FIELDS', 'SPAM_HEADERS', 'SPECIALIZATIONS', 'USES', 'WAIT_LIST_INTERESTS', 'WAIT_LIST_LIMITS', 'WALL_TYPES', 'ZONES',
      'contactSchema', 'email', 'foldText', 'formReportSchema', 'imageSpecSchema', 'isCleanLine', 'isCleanText', 'isFieldErrorKey', 'line', 'paragraph', 'partnerSchema', 'personalSchema', 'phone',
      'projectSchema', 'text', 'validate', 'ATTRIBUTION_LIMITS', 'ATTRIBUTION_WIDGETS', 'PARTNER_CODE', 'UTM_KEYS', 'validateAttribution',
      'validateContact', 'validateFormReport', 'validateImageSpec', 'validatePartner', 'validatePersonal', 'validateProject', 'validateWaitList', 'waitListSchema', 'FIELD_LIMITS', 'LANGS', 'DEFAULT_LANG', 'normalizeLang',
    ]],
    ['@obra/partner-registration', partnerRegistration, ['PartnerRegistrationForm', 'createPartnerRegistrationStore', 'partnerRegistrationAttributes', 'partnerRegistrationContract', 'emptyPartnerRegistration', 'partnerRegistrationCatalogues', 'partnerRegistrationWidget']],
    ['@obra/design-form', designForm, [
      'COUNTRIES', 'DEFAULT_COUNTRY', 'DRAFT_TTL_MS', 'DesignForm', 'buildPrompt', 'createDesignFormStore', 'describeDesign', 'designFormAttributes', 'designFormCatalogues', 'designFormContract', 'designFormWidget',
      'draftKey', 'emptyDesign', 'guessCountry', 'imageSpecOf', 'isGeneratedImage', 'loadDraft', 'saveDraft',
    ]],
    ['@obra/marketplace', marketplace, [
      'AUTOPLAY_MS', 'Carousel', 'Marketplace', 'PAGE_SIZE', 'SPEED_MS', 'SoftwareDetail', 'assetUrl', 'catalogueAssets', 'createMarketplaceStore', 'createSoftwareDetailStore',
      'detailHref', 'embedUrl', 'findSoftware', 'marketplaceAttributes', 'marketplaceCatalogues', 'marketplaceContract', 'marketplaceWidget', 'pageCount', 'searchSoftware', 'slidesFor', 'softwareCatalogue',
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
