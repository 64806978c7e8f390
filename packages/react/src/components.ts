import { designFormContract, type DesignFormEvents } from '@obra/design-form';
import { marketplaceContract, softwareDetailContract } from '@obra/marketplace';
import { partnerRegistrationContract, type PartnerRegistrationEvents } from '@obra/partner-registration';
import { waitListContract, type WaitListEvents } from '@obra/wait-list';
import { createWrapper } from './create-wrapper.ts';

type NoEvents = Record<never, never>;

/** `<obra-wait-list>` for React: `<ObraWaitList lang="en" transport="no-cors" endpoint={url} onSuccess={…} />`. */
export const ObraWaitList = createWrapper<typeof waitListContract.attributes, WaitListEvents>(
  waitListContract,
  () => import('@obra/wait-list/register'),
);

/** `<obra-partner-registration>` for React. */
export const ObraPartnerRegistration = createWrapper<typeof partnerRegistrationContract.attributes, PartnerRegistrationEvents>(
  partnerRegistrationContract,
  () => import('@obra/partner-registration/register'),
);

/** `<obra-design-form>` for React: `onImageGenerated`, `onSubmit`, `onSuccess`, `onError`. */
export const ObraDesignForm = createWrapper<typeof designFormContract.attributes, DesignFormEvents>(
  designFormContract,
  () => import('@obra/design-form/register'),
);

/** `<obra-marketplace>` for React. */
export const ObraMarketplace = createWrapper<typeof marketplaceContract.attributes, NoEvents>(
  marketplaceContract,
  () => import('@obra/marketplace/marketplace/register'),
);

/** `<obra-software-detail>` for React. */
export const ObraSoftwareDetail = createWrapper<typeof softwareDetailContract.attributes, NoEvents>(
  softwareDetailContract,
  () => import('@obra/marketplace/software-detail/register'),
);
