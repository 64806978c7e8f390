// JSX typings for the bare tags, for React 19 hosts that write <obra-wait-list> themselves.
// React 19 passes `on<event>` props of custom elements to addEventListener as written, so the
// listener of `obra-submit` is `onobra-submit`. TypeScript does not check hyphenated JSX names it
// does not know, so a misspelt event name compiles; the wrappers' `onSubmit` … do not have that gap.
// Every tag's props (ObraIntrinsicElements) are written with the wrappers from the widget list.
import type { ObraIntrinsicElements } from './components.ts';

export type { ObraIntrinsicElement } from './create-wrapper.ts';
export type { ObraIntrinsicElements };

declare module 'react' {
  // React 19 reads intrinsic elements from React.JSX, so the augmentation is a namespace declaration.
  namespace JSX {
    interface IntrinsicElements extends ObraIntrinsicElements {}
  }
}
