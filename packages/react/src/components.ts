// Written by tools/react-wrappers.ts from the widget list (packages/schema/src/widgets.ts): do not edit;
// run `npm run react:wrappers` after changing the list.
import { designFormContract, type designFormAttributes, type DesignFormEvents } from '@obra/design-form';
import { marketplaceContract, type marketplaceAttributes, softwareDetailContract, type softwareDetailAttributes } from '@obra/marketplace';
import {
  partnerRegistrationContract,
  type partnerRegistrationAttributes,
  type PartnerRegistrationEvents,
} from '@obra/partner-registration';
import { waitListContract, type waitListAttributes, type WaitListEvents } from '@obra/wait-list';
import { createWrapper, type ObraIntrinsicElement } from './create-wrapper.ts';

type NoEvents = Record<never, never>;

/** `<obra-wait-list>` for React: its attributes as camelCase props, its events as `on…` callbacks. */
export const ObraWaitList = createWrapper<typeof waitListContract.attributes, WaitListEvents>(
  waitListContract,
  () => import('@obra/wait-list/register'),
);

/** `<obra-partner-registration>` for React: its attributes as camelCase props, its events as `on…` callbacks. */
export const ObraPartnerRegistration = createWrapper<typeof partnerRegistrationContract.attributes, PartnerRegistrationEvents>(
  partnerRegistrationContract,
  () => import('@obra/partner-registration/register'),
);

/** `<obra-design-form>` for React: its attributes as camelCase props, its events as `on…` callbacks. */
export const ObraDesignForm = createWrapper<typeof designFormContract.attributes, DesignFormEvents>(
  designFormContract,
  () => import('@obra/design-form/register'),
);

/** `<obra-marketplace>` for React: its attributes as camelCase props, its events as `on…` callbacks. */
export const ObraMarketplace = createWrapper<typeof marketplaceContract.attributes, NoEvents>(
  marketplaceContract,
  () => import('@obra/marketplace/marketplace/register'),
);

/** `<obra-software-detail>` for React: its attributes as camelCase props, its events as `on…` callbacks. */
export const ObraSoftwareDetail = createWrapper<typeof softwareDetailContract.attributes, NoEvents>(
  softwareDetailContract,
  () => import('@obra/marketplace/software-detail/register'),
);

/** Every Obra tag → its JSX props. */
export interface ObraIntrinsicElements {
  'obra-wait-list': ObraIntrinsicElement<typeof waitListAttributes, WaitListEvents>;
  'obra-partner-registration': ObraIntrinsicElement<typeof partnerRegistrationAttributes, PartnerRegistrationEvents>;
  'obra-design-form': ObraIntrinsicElement<typeof designFormAttributes, DesignFormEvents>;
  'obra-marketplace': ObraIntrinsicElement<typeof marketplaceAttributes, NoEvents>;
  'obra-software-detail': ObraIntrinsicElement<typeof softwareDetailAttributes, NoEvents>;
}
