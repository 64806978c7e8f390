export { ObraDesignForm, ObraMarketplace, ObraPartnerRegistration, ObraSoftwareDetail, ObraWaitList } from './components.ts';
export { createWrapper, eventProp, type EventCallbacks, type EventProp, type WrapperProps } from './create-wrapper.ts';
export type { ObraIntrinsicElement, ObraIntrinsicElements } from './jsx.ts';
