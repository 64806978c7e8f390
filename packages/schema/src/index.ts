export {
  validate,
  FIELD_LIMITS,
  isFieldErrorKey,
  isCleanLine,
  isCleanText,
  toCleanLine,
  line,
  text,
  paragraph,
  optional,
  emptyOf,
  email,
  phone,
  PHONE_DEFAULT_COUNTRY,
  type FieldError,
  type FieldErrorKey,
  type FieldErrors,
} from './validate.ts';
export { waitListSchema, validateWaitList, WAIT_LIST_LIMITS, WAIT_LIST_INTERESTS, type WaitListEntry } from './wait-list.ts';
export {
  partnerSchema,
  validatePartner,
  PARTNER_LIMITS,
  SPECIALIZATIONS,
  type PartnerRegistration,
  type Specialization,
} from './partner.ts';
export { contactSchema, validateContact, CONTACT_LIMITS, type ContactMessage } from './contact.ts';
export { SPAM_FIELDS, SPAM_HEADERS } from './spam.ts';
export {
  projectSchema,
  personalSchema,
  formReportSchema,
  validateProject,
  validatePersonal,
  validateFormReport,
  PROJECT_STATES,
  PROJECT_STAGES,
  USES,
  CONSTRUCTION_SYSTEM_GROUPS,
  CONSTRUCTION_SYSTEMS,
  ROOF_DESIGNS,
  WALL_TYPES,
  ROOF_MATERIALS,
  FACADE_MATERIALS,
  ZONES,
  EXTRAS,
  DESIGN_LIMITS,
  DIMENSION_LIMITS,
  BUILDING_DIMENSIONS,
  dimensionErrors,
  type LimitsOf,
  type UseLimits,
  emptyProject,
  type ProjectData,
  type PersonalData,
  type FormReport,
  REPORT_HOLDS,
  type ReportHold,
  type ReportAnswer,
  type ImageSpec,
  IMAGE_SPEC_FIELDS,
  DIMENSION_FIELDS,
} from './design-form.ts';
export { imageSpecSchema, validateImageSpec } from './image-spec.ts';
export {
  validateAttribution,
  ATTRIBUTION_LIMITS,
  ATTRIBUTION_WIDGETS,
  PARTNER_CODE,
  UTM_KEYS,
  type Attribution,
  type AttributionErrorKey,
  type AttributionWidget,
  type UtmKey,
} from './attribution.ts';
export { foldText } from './fold.ts';
export {
  LANGUAGES,
  LANGS,
  DEFAULT_LANG,
  acceptedLang,
  normalizeLang,
  langOr,
  isLang,
  languageName,
  perLang,
  inEveryLang,
  type Lang,
} from './lang.ts';
export type { Place } from './place.ts';
export { SNIPPET_WIDGETS, widgetSnippet, loaderSnippet, type SnippetWidget } from './snippets.ts';
export { SEGMENTS, sitePath, type PageId } from './site-paths.ts';
