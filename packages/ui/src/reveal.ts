import { useEffect, useRef } from 'react';

/**
 * Scrolls `element` to the middle of the screen unless it is entirely in view already: what
 * answers a press (a new image, a message under the button) must not arrive above or below the
 * screen. Centred, so a fixed bar at the top or bottom of the page does not cover it; smooth
 * unless the visitor asked for reduced motion.
 */
export function revealInView(element: Element | null | undefined): void {
  const view = element?.ownerDocument.defaultView;
  if (!element || !view) return;
  const { top, bottom } = element.getBoundingClientRect();
  if (top >= 0 && bottom <= view.innerHeight) return;
  const reduce = view.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * A ref whose element is brought into view ({@link revealInView}) each time `shown` turns true,
 * and not on other renders: a visitor who scrolls away from it is left where they are.
 */
export function useRevealWhen<T extends Element>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) revealInView(ref.current);
  }, [shown]);
  return ref;
}
