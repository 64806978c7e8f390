import { readVisitorInput, restoreVisitorInput } from './loader-take-over.ts';
import { prerenderedView } from './loader-prerendered.ts';

export { PRERENDERED } from './loader-prerendered.ts';

/** Tag name → a function that imports the module defining that tag. */
export type WidgetImports = Record<string, () => Promise<unknown>>;

/**
 * How far outside the viewport an element starts its import: one viewport height above and
 * below, so a widget further down the page is ready by the time the visitor scrolls to it.
 */
export const LOAD_MARGIN = '100% 0px';

/** The first wait before a failed import is tried again while the browser says it is online, and the last (2, 4 … 64 s: six more tries). */
const RETRY_MS = 2000;
const RETRY_LAST_MS = 64_000;

/** The visitor's first moves on a pre-rendered widget: any of them imports its code. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown'] as const;

/** What a press on one of these does needs the widget's code: it is held and replayed once the code has taken over. */
const NEEDS_CODE = 'button, [role="button"], [role="option"], [role="tab"], [role="switch"], [role="checkbox"], summary';

/** A node's position under `root`, as child indices, so the same node is found in a re-rendered view. */
function pathOf(root: Node, node: Node): number[] | undefined {
  const path: number[] = [];
  for (let at: Node | null = node; at !== root; at = at.parentNode) {
    if (!at?.parentNode) return undefined;
    path.unshift([...at.parentNode.childNodes].indexOf(at as ChildNode));
  }
  return path;
}

const nodeAt = (root: Node, path: number[]): Node | undefined => path.reduce<Node | undefined>((at, index) => at?.childNodes[index], root);

/**
 * Whether this page keeps a draft or a pending submission of one of its widgets in localStorage
 * (the `obra:<what>:<path>:<element>` keys of @obra/form's storage.ts), or what one kept in the
 * page's history entry (a catalogue's page, history-entry.ts): that widget's code runs at once, so
 * the draft comes back, the submission is sent and the catalogue is where it was left, without
 * waiting for the visitor.
 */
function hasStoredWork(doc: Document): boolean {
  try {
    // Not imported from history-entry.ts: the loader shares no module with the widgets' code (it would pull their chunk in).
    const kept: unknown = doc.defaultView?.history.state;
    if (kept && typeof kept === 'object' && Object.keys(kept).some((key) => key.startsWith('obra:'))) return true;
    const storage = doc.defaultView?.localStorage;
    const path = `:${doc.location.pathname}:`;
    for (let i = 0; i < (storage?.length ?? 0); i++) {
      const key = storage!.key(i) ?? '';
      if (key.startsWith('obra:') && key.includes(path)) return true;
    }
  } catch {
    // No storage (sandboxed frame, cookies off): no draft either.
  }
  return false;
}

/** Whether `event` is the Space key, which presses a button down on keydown and clicks it on keyup. */
const isSpace = (event: Event) => (event as KeyboardEvent).key === ' ';

/**
 * Clicks `button` when a press that began on the view it replaced is released on it, unless the
 * browser clicks it itself; a release elsewhere, or a cancelled pointer, clicks nothing (as a
 * press that slides off a button does). A pointer press ends with its pointerup or pointercancel;
 * a Space press with the Space keyup, or with a blur (the focus leaving the button, or the window
 * losing it: the keyup then goes elsewhere), which clicks nothing.
 */
function clickOnRelease(win: Window, button: HTMLElement, by: 'pointer' | 'key'): void {
  let clicked = false;
  const click = (event: Event) => (clicked ||= event.composedPath().includes(button));
  const ends = by === 'pointer' ? ['pointerup', 'pointercancel'] : ['keyup', 'blur'];
  const release = (event: Event) => {
    if (event.type === 'keyup' && !isSpace(event)) return;
    for (const type of ends) win.removeEventListener(type, release, true);
    const on = (event.type === 'pointerup' || event.type === 'keyup') && event.composedPath().includes(button);
    // The browser's own click, when it makes one, comes in the same task as the release.
    setTimeout(() => {
      win.removeEventListener('click', click, true);
      if (on && !clicked) button.click();
    });
  };
  win.addEventListener('click', click, true);
  for (const type of ends) win.addEventListener(type, release, true);
}

/**
 * A widget whose first view the page carries (a declarative shadow root) waits for the visitor:
 * its code is imported on the first pointer, touch, hover, focus or key on it, and not at all for
 * a visitor who only reads. A press on a button before the code has taken over, and a form's
 * submission (Enter in a field), are held and replayed on the rendered view, and what was typed
 * is carried over, when the runtime says it took the view over (`obra-take-over`).
 */
function waitForVisitor(el: Element, shadow: ShadowRoot, first: HTMLElement, load: () => void): void {
  // Until the take-over, the shadow root's first .obra-root is the pre-rendered view (a shadow root has no :scope to anchor on).
  const view = () => shadow.querySelector('.obra-root');
  let held: number[] | undefined;
  // The focused control of the old view. Replacing the view blurs it with no element to go to;
  // a focusout towards another element is the visitor moving on.
  let focused: EventTarget | null = null;
  shadow.addEventListener('focusin', (event) => (focused = event.composedPath()[0]!));
  shadow.addEventListener('focusout', (event) => (focused = (event as FocusEvent).relatedTarget ? null : focused));
  const hold = (event: Event) => {
    if (view() !== first) return;
    const target = event.type === 'submit' ? (event.target as Element) : (event.composedPath()[0] as Element).closest?.(NEEDS_CODE);
    const path = target && pathOf(first, target);
    if (!path) return;
    event.preventDefault();
    event.stopPropagation();
    held = path;
    start();
  };
  // A pointer or Space key pressed on a button of the old view and not yet released: if the view
  // is replaced meanwhile, the release lands on the new button and the browser makes no click of
  // the two. Other keys leave it as it is.
  let pressed: { path: number[]; by: 'pointer' | 'key' } | undefined;
  const press = (event: Event) => {
    if (event.type === 'keydown' && !isSpace(event)) return;
    const target = view() === first && (event.composedPath()[0] as Element).closest?.(NEEDS_CODE);
    const path = target && pathOf(first, target);
    pressed = path ? { path, by: event.type === 'keydown' ? 'key' : 'pointer' } : undefined;
  };
  el.addEventListener(
    'obra-take-over',
    () => {
      shadow.removeEventListener('pointerdown', press, true);
      shadow.removeEventListener('keydown', press, true);
      const now = view();
      if (!now) return;
      // The focus returns only if nothing else took it meanwhile.
      const active = el.ownerDocument.activeElement;
      restoreVisitorInput(now, readVisitorInput(first, !active || active === el.ownerDocument.body ? (focused as Element | null) : null));
      const node = held && nodeAt(now, held);
      const cut = !held && pressed && { node: nodeAt(now, pressed.path), by: pressed.by };
      held = pressed = undefined;
      if (node instanceof HTMLFormElement) node.requestSubmit();
      else if (node instanceof HTMLElement) node.click();
      else if (cut && cut.node instanceof HTMLElement) clickOnRelease(el.ownerDocument.defaultView!, cut.node, cut.by);
    },
    { once: true },
  );
  const start = () => {
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start, true);
    load();
  };
  shadow.addEventListener('click', hold, true);
  shadow.addEventListener('submit', hold, true);
  shadow.addEventListener('pointerdown', press, true);
  shadow.addEventListener('keydown', press, true);
  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  // In a task of its own: the page's first localStorage read waits for the browser's storage
  // (up to ~15 ms measured at 4× slowdown), which must not lengthen the loader's own task.
  setTimeout(() => hasStoredWork(el.ownerDocument) && start());
}

/**
 * Imports a widget's code when one of its elements comes within {@link LOAD_MARGIN} of the
 * viewport, whether it was in the HTML or added later (a framework rendering it, a route change).
 * Until then nothing of the widget is fetched. An element that never renders a box (inside
 * `display: none`) is never imported; without IntersectionObserver an element imports as soon
 * as it appears. Elements inside other shadow roots are not seen: import their register module.
 * Elements already in the page upgrade when their module defines the tag. An element that
 * arrived with its first view pre-rendered (a declarative shadow root) is visible already: its
 * code waits for the visitor instead (see waitForVisitor above).
 * Returns a function that stops watching.
 */
export function loadOnSight(imports: WidgetImports, doc: Document = document): () => void {
  const pending = new Map(Object.entries(imports));
  // A failed import (offline, a server that did not answer) is tried again, in browsers that
  // fetch a failed module again (whatwg/html#10327; Chromium does): when the browser is back
  // online, or after `wait` ms while it says it is, doubling; after the try that waited
  // RETRY_LAST_MS, no more (a module that throws fails the same way each time). Not once the tag
  // is defined some other way. A press held meanwhile (waitForVisitor) is replayed once the code
  // takes over. The failure is still thrown, for the page's error reporting. stop() leaves a try
  // already planned.
  const load = (tag: string, wait = RETRY_MS) => {
    const importTag = pending.get(tag);
    if (!importTag) return;
    pending.delete(tag);
    importTag().catch((error: unknown) => {
      const again = () => {
        if (customElements.get(tag)) return;
        pending.set(tag, importTag);
        load(tag, 2 * wait);
      };
      if (wait <= RETRY_LAST_MS) {
        if (navigator.onLine) setTimeout(again, wait);
        else addEventListener('online', again, { once: true });
      }
      throw error;
    });
    if (!pending.size) stop();
  };
  const waiting = new WeakSet<Element>();
  const sight =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              sight!.unobserve(entry.target);
              load(entry.target.localName);
            }
          },
          { rootMargin: LOAD_MARGIN },
        )
      : undefined;
  const scan = () => {
    // A tag the page defined already (its single-script bundle ran) needs nothing from the loader:
    // its elements upgraded, a pre-rendered view included.
    for (const tag of pending.keys()) if (doc.defaultView?.customElements.get(tag)) pending.delete(tag);
    if (!pending.size) return stop();
    for (const el of doc.querySelectorAll([...pending.keys()].join())) {
      const first = prerenderedView(el.shadowRoot);
      if (first) {
        if (!waiting.has(el)) waitForVisitor(el, el.shadowRoot!, first, () => load(el.localName));
        waiting.add(el);
      } else if (sight) sight.observe(el);
      else load(el.localName);
    }
  };
  const mutations = new MutationObserver(scan);
  const stop = () => {
    mutations.disconnect();
    sight?.disconnect();
  };
  mutations.observe(doc.documentElement, { childList: true, subtree: true });
  scan();
  return stop;
}
