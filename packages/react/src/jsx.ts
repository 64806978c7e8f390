// JSX typings for the bare tags, for React 19 hosts that write <obra-wait-list> themselves.
// React 19 passes `on<event>` props of custom elements to addEventListener as written, so the
// listener of `obra-submit` is `onobra-submit`. TypeScript does not check hyphenated JSX names it
// does not know, so a misspelt event name compiles; the wrappers' `onSubmit` … do not have that gap.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { DesignFormEvents, designFormAttributes } from '@obra/design-form';
import type { AttributeParser, KnownEvents } from '@obra/element';
import type { Lang } from '@obra/i18n';
import type { marketplaceAttributes, softwareDetailAttributes } from '@obra/marketplace';
import type { PartnerRegistrationEvents, partnerRegistrationAttributes } from '@obra/partner-registration';
import type { WaitListEvents, waitListAttributes } from '@obra/wait-list';

/** The JSX props of one bare tag: the element's HTML attributes, its own attributes (kebab-case) and `on<event>` listeners. */
export type ObraIntrinsicElement<A, E> = Omit<DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>, 'lang'> & {
  lang?: Lang;
} & { [K in keyof A]?: A[K] extends AttributeParser<infer V> ? V : never } & {
  [K in KnownEvents<E> & string as `on${K}`]?: (event: CustomEvent<E[K]>) => void;
};

/** Every Obra tag → its JSX props. */
export interface ObraIntrinsicElements {
  'obra-wait-list': ObraIntrinsicElement<typeof waitListAttributes, WaitListEvents>;
  'obra-partner-registration': ObraIntrinsicElement<typeof partnerRegistrationAttributes, PartnerRegistrationEvents>;
  'obra-design-form': ObraIntrinsicElement<typeof designFormAttributes, DesignFormEvents>;
  'obra-marketplace': ObraIntrinsicElement<typeof marketplaceAttributes, Record<never, never>>;
  'obra-software-detail': ObraIntrinsicElement<typeof softwareDetailAttributes, Record<never, never>>;
}

declare module 'react' {
  // React 19 reads intrinsic elements from React.JSX, so the augmentation is a namespace declaration.
  namespace JSX {
    interface IntrinsicElements extends ObraIntrinsicElements {}
  }
}
