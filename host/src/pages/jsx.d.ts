// The widgets' tags in Preact's JSX (the widgets ship React typings; the host renders with Preact):
// every tag of the widget list (packages/schema/src/widgets.ts), and the attributes the pages set.
import type { HTMLAttributes } from 'preact';
import type { WidgetTag } from '@obra/schema/widgets';

type WidgetAttributes = HTMLAttributes<HTMLElement> & { 'api-base'?: string };

/** Each tag's props: the shared ones, and the few attributes a page sets on one widget. */
type WidgetTags = Record<WidgetTag, WidgetAttributes> & {
  'obra-marketplace': { 'detail-href'?: string };
  'obra-software-detail': { slug?: string | undefined };
};

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements extends WidgetTags {}
  }
}
