// The widgets' tags in Preact's JSX (the widgets ship React typings; the host renders with Preact).
import type { HTMLAttributes } from 'preact';

type WidgetAttributes = HTMLAttributes<HTMLElement> & { 'api-base'?: string };

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'obra-design-form': WidgetAttributes;
      'obra-wait-list': WidgetAttributes;
      'obra-partner-registration': WidgetAttributes;
      'obra-marketplace': WidgetAttributes & { 'detail-href'?: string };
      'obra-software-detail': WidgetAttributes & { slug?: string | undefined };
    }
  }
}
