// The small-screen menu (docs/contributors/behaviour.md#layout): a button with aria-expanded toggles it; a link
// click, a click outside and Esc close it. On wide screens CSS shows the links and hides the button.

/** Wires the menu button of `doc`; returns a function that removes the document listeners. */
export function enhanceMenu(doc: Document): () => void {
  const button = doc.querySelector<HTMLButtonElement>('[data-menu-button]');
  const menu = doc.querySelector<HTMLElement>('[data-menu]');
  if (!button || !menu) return () => undefined;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const set = (open: boolean) => button.setAttribute('aria-expanded', String(open));
  button.addEventListener('click', () => set(!isOpen()));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false);
  });
  const outside = (event: Event) => {
    const target = event.target as Node;
    if (isOpen() && !menu.contains(target) && !button.contains(target)) set(false);
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  };
  doc.addEventListener('click', outside);
  doc.addEventListener('keydown', escape);
  return () => {
    doc.removeEventListener('click', outside);
    doc.removeEventListener('keydown', escape);
  };
}
