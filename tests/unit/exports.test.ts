// Pins each package's public surface: a change here is a change partners and hosts see.
import { describe, expect, it } from 'vitest';
import * as api from '@obra/api';
import * as element from '@obra/element';
import * as i18n from '@obra/i18n';
import * as schema from '@obra/schema';
import * as ui from '@obra/ui';
import * as waitList from '@obra/wait-list';

describe('public exports', () => {
  it.each([
    ['@obra/api', api, ['ApiError', 'apiBaseFrom', 'createApiClient', 'postJson', 'sendWaitList']],
    ['@obra/element', element, ['adoptStyles', 'attr', 'createEmitter', 'defineWidget', 'loadOnSight', 'observeLang', 'registerWidget', 'resolveLang', 'useStore']],
    ['@obra/i18n', i18n, ['DEFAULT_LANG', 'LANGS', 'createI18n', 'normalizeLang']],
    ['@obra/ui', ui, ['Button', 'Dialog', 'LiveRegion', 'RadioGroup', 'TextArea', 'TextField', 'uiStyles']],
    ['@obra/schema', schema, [
      'CONSTRUCTION_SYSTEMS', 'CONSTRUCTION_SYSTEM_GROUPS', 'DESIGN_LIMITS', 'EXTRAS', 'FACADE_MATERIALS', 'PARTNER_LIMITS', 'PROJECT_STAGES', 'PROJECT_STATES',
      'ROOF_DESIGNS', 'ROOF_MATERIALS', 'SPECIALIZATIONS', 'USES', 'WAIT_LIST_INTERESTS', 'WAIT_LIST_LIMITS', 'WALL_TYPES', 'ZONES',
      'email', 'formReportSchema', 'isFieldErrorKey', 'partnerSchema', 'personalSchema', 'phone', 'projectSchema', 'text', 'validate',
      'validateFormReport', 'validatePartner', 'validatePersonal', 'validateProject', 'validateWaitList', 'waitListSchema',
    ]],
    ['@obra/wait-list', waitList, ['WaitList', 'createWaitListStore', 'emptyWaitList', 'waitListCatalogues', 'waitListWidget']],
  ])('%s', (_name, module, names) => {
    expect(Object.keys(module).sort()).toEqual([...names].sort());
  });

  it('importing a package defines no element (only register.ts does)', () => {
    expect(customElements.get('obra-wait-list')).toBeUndefined();
  });
});
