// Keyboard shortcuts for the common moves, listed in a dialog on "?" (and by the top bar's button):
// search, walk the list (j/k), select (x), the queues (m, t), go to a screen (g then d/i/s), and on
// a lead its follow-up (f), a note (n) and back (u). Never while typing in a field, never with
// Ctrl, Alt or Meta (the browser's and the screen reader's own keys stay theirs).
import { useLayoutEffect, useRef } from 'react';
import { useT } from '../i18n.ts';
import { MY_DUE_TODAY_URL, MY_LEADS_URL, navigate } from '../url-state.ts';

type Action =
  | 'search'
  | 'next'
  | 'previous'
  | 'open'
  | 'select'
  | 'mine'
  | 'today'
  | 'dashboard'
  | 'inbox'
  | 'settings'
  | 'followUp'
  | 'note'
  | 'back'
  | 'help';

/** Each shortcut: its keys (two for "g then …") and what it does, in the order the dialog lists them. */
const KEYS: [string[], Action][] = [
  [['/'], 'search'],
  [['j'], 'next'],
  [['k'], 'previous'],
  [['Enter'], 'open'],
  [['x'], 'select'],
  [['m'], 'mine'],
  [['t'], 'today'],
  [['g', 'd'], 'dashboard'],
  [['g', 'i'], 'inbox'],
  [['g', 's'], 'settings'],
  [['f'], 'followUp'],
  [['n'], 'note'],
  [['u'], 'back'],
  [['?'], 'help'],
];

/** How long after "g" its second key counts. */
const SECOND_KEY_MS = 1500;

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

/** Focuses the element of `selector` once it exists (a screen that is still loading). */
function focusWhenThere(selector: string, tries = 20) {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) element.focus();
  else if (tries) requestAnimationFrame(() => focusWhenThere(selector, tries - 1));
}

/** Moves the focus to the next (1) or previous (-1) lead of the inbox's list. */
function walk(step: 1 | -1) {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('table.leads tbody th a')];
  if (!links.length) return;
  const current = links.findIndex((a) => a.closest('tr')?.contains(document.activeElement));
  links[current === -1 ? (step === 1 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, current + step))]!.focus();
}

function act(action: Action, openHelp: () => void) {
  if (action === 'search') {
    if (!document.getElementById('f-q')) navigate('/admin/leads');
    document.querySelector('details.filters-box')?.setAttribute('open', '');
    focusWhenThere('#f-q');
  } else if (action === 'next') walk(1);
  else if (action === 'previous') walk(-1);
  else if (action === 'select') document.activeElement?.closest('tr')?.querySelector<HTMLInputElement>('input[type=checkbox]')?.click();
  else if (action === 'mine') navigate(MY_LEADS_URL);
  else if (action === 'today') navigate(MY_DUE_TODAY_URL);
  else if (action === 'dashboard') navigate('/admin');
  else if (action === 'inbox') navigate('/admin/leads');
  else if (action === 'settings') navigate('/admin/settings');
  else if (action === 'followUp') focusWhenThere('#follow-up-at');
  else if (action === 'note') focusWhenThere('#lead-note');
  else if (action === 'back') document.querySelector<HTMLAnchorElement>('.back-link')?.click();
  else if (action === 'help') openHelp();
}

/** The shortcuts' listener and their dialog; `openRef` lets the top bar's button open it too. */
export function Shortcuts({ openRef }: { openRef: { current: (() => void) | undefined } }) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  // Listening from the commit that draws the first screen (a layout effect): a key pressed as soon
  // as the screen shows is not lost to a listener attached a frame later.
  useLayoutEffect(() => {
    const open = () => dialog.current?.showModal();
    openRef.current = open;
    /** The "g" of a two-key shortcut and when it was pressed (the event's own time, not when a busy page got to it). */
    let pending: { key: string; at: number } | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || dialog.current?.open) return;
      const first = pending && event.timeStamp - pending.at < SECOND_KEY_MS ? pending.key : undefined;
      pending = undefined;
      // Enter opens the focused lead by itself (it is a link): listed, never taken over.
      const found = KEYS.find(
        ([keys]) =>
          keys[0] !== 'Enter' &&
          (first ? keys.length === 2 && keys[0] === first && keys[1] === event.key : keys.length === 1 && keys[0] === event.key),
      );
      if (!first && event.key === 'g') {
        pending = { key: 'g', at: event.timeStamp };
        return;
      }
      if (!found) return;
      event.preventDefault();
      act(found[1], open);
    };
    addEventListener('keydown', onKey);
    return () => {
      removeEventListener('keydown', onKey);
      openRef.current = undefined;
    };
  }, [openRef]);
  const keyText = (keys: string[]) =>
    keys.length === 2 ? t('consoleWork.shortcuts.then', { first: keys[0]!, second: keys[1]! }) : keys[0]!;
  return (
    <dialog ref={dialog} className="shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">{t('consoleWork.shortcuts.title')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('consoleWork.shortcuts.key')}</th>
            <th scope="col">{t('consoleWork.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {KEYS.map(([keys, action]) => (
            <tr key={action}>
              <td>
                <kbd>{keyText(keys)}</kbd>
              </td>
              <td>{t(`consoleWork.shortcuts.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="primary" autoFocus>
          {t('consoleWork.shortcuts.close')}
        </button>
      </form>
    </dialog>
  );
}
