// Pins each package's public surface: a change here is a change partners and hosts see.
import { describe, expect, it } from 'vitest';
import * as api from '@obra/api';
import * as designForm from '@obra/design-form';
import * as element from '@obra/element';
import * as i18n from '@obra/i18n';
import * as marketplace from '@obra/marketplace';
import * as partnerRegistration from '@obra/partner-registration';
import * as schema from '@obra/schema';
import * as ui from '@obra/ui';
import * as waitList from '@obra/wait-list';

describe('public exports', () => {
  it.each([
    ['@obra/api', api, ['ApiError', 'IMAGE_ERRORS', 'apiBaseFrom', 'createApiClient', 'generateImage', 'postJson', 'searchLocation', 'sendContact', 'sendFormReport', 'sendPartner', 'sendWaitList']],
    ['@obra/element', element, ['adoptStyles', 'attr', 'createEmitter', 'createFormStore', 'defineWidget', 'loadOnSight', 'observeLang', 'registerWidget', 'resolveLang', 'useStore']],
    ['@obra/i18n', i18n, ['DEFAULT_LANG', 'LANGS', 'createI18n', 'normalizeLang']],
    ['@obra/ui', ui, ['Button', 'Dialog', 'LiveRegion', 'RadioGroup', 'Select', 'TextArea', 'TextField', 'uiStyles', 'useFocusFirstInvalid', 'useModal']],
    ['@obra/schema', schema, [
      'CONSTRUCTION_SYSTEMS', 'CONSTRUCTION_SYSTEM_GROUPS', 'CONTACT_LIMITS', 'DESIGN_LIMITS', 'EXTRAS', 'FACADE_MATERIALS', 'PARTNER_LIMITS', 'PROJECT_STAGES', 'PROJECT_STATES',
      'ROOF_DESIGNS', 'ROOF_MATERIALS', 'SPAM_FIELDS', 'SPECIALIZATIONS', 'USES', 'WAIT_LIST_INTERESTS', 'WAIT_LIST_LIMITS', 'WALL_TYPES', 'ZONES',
      'contactSchema', 'email', 'formReportSchema', 'imageSpecSchema', 'isFieldErrorKey', 'partnerSchema', 'personalSchema', 'phone', 'projectSchema', 'text', 'validate',
      'validateContact', 'validateFormReport', 'validateImageSpec', 'validatePartner', 'validatePersonal', 'validateProject', 'validateWaitList', 'waitListSchema',
    ]],
    ['@obra/partner-registration', partnerRegistration, ['PartnerRegistrationForm', 'createPartnerRegistrationStore', 'emptyPartnerRegistration', 'partnerRegistrationCatalogues', 'partnerRegistrationWidget']],
    ['@obra/design-form', designForm, [
      'COUNTRIES', 'DEFAULT_COUNTRY', 'DRAFT_TTL_MS', 'DesignForm', 'buildPrompt', 'createDesignFormStore', 'describeDesign', 'designFormCatalogues', 'designFormWidget',
      'draftKey', 'emptyDesign', 'guessCountry', 'imageSpecOf', 'isGeneratedImage', 'loadDraft', 'saveDraft',
    ]],
    ['@obra/marketplace', marketplace, [
      'AUTOPLAY_MS', 'Carousel', 'Marketplace', 'PAGE_SIZE', 'SPEED_MS', 'SoftwareDetail', 'assetUrl', 'catalogueAssets', 'createMarketplaceStore', 'createSoftwareDetailStore',
      'detailHref', 'embedUrl', 'findSoftware', 'fold', 'marketplaceCatalogues', 'marketplaceWidget', 'pageCount', 'searchSoftware', 'slidesFor', 'softwareCatalogue',
      'softwareDetailCatalogues', 'softwareDetailWidget', 'thumbnailUrl', 'videoId',
    ]],
    ['@obra/wait-list', waitList, ['WaitList', 'createWaitListStore', 'emptyWaitList', 'waitListCatalogues', 'waitListWidget']],
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
