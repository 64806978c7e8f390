// The embed code of an approved partner: one snippet per widget and the loader, each in a
// read-only text box (selectable by hand) with a copy button that says what it did.
import { useState } from 'react';
import { useT } from '../i18n.ts';
import type { Lang } from '@obra/i18n';
import { loaderSnippet, SNIPPET_WIDGETS, widgetSnippet, type SnippetWidget } from '@obra/schema';
import { TextAreaField } from './form-kit.tsx';

/** The snippets for partner `code` (the catalogue's product pages in `lang`, the partner's); a note instead while the partner has none. */
export function Snippets({ code, lang }: { code: string | null; lang: Lang }) {
  const { t } = useT();
  const [copied, setCopied] = useState('');
  if (!code) {
    return (
      <section aria-labelledby="snippets-title">
        <h2 id="snippets-title">{t('consolePartners.snippets.title')}</h2>
        <p>{t('consolePartners.snippets.pending')}</p>
      </section>
    );
  }
  const origin = location.origin;
  const items: { id: string; name: string; text: string }[] = [
    ...SNIPPET_WIDGETS.map((widget: SnippetWidget) => ({
      id: widget,
      name: t(`consolePartners.snippets.widget.${widget}`),
      text: widgetSnippet(origin, widget, code, lang),
    })),
    { id: 'loader', name: t('consolePartners.snippets.loader'), text: loaderSnippet(origin, code, undefined, lang) },
  ];
  const copy = async (item: (typeof items)[number]) => {
    try {
      await navigator.clipboard.writeText(item.text);
      setCopied(t('consolePartners.snippets.copied', { widget: item.name }));
    } catch {
      // No clipboard (an http page, a refused permission): the text is selected for copying by hand.
      const box = document.getElementById(`snippet-${item.id}`) as HTMLTextAreaElement | null;
      box?.focus();
      box?.select();
      setCopied(t('consolePartners.snippets.copyFailed'));
    }
  };
  return (
    <section aria-labelledby="snippets-title" className="snippets">
      <h2 id="snippets-title">{t('consolePartners.snippets.title')}</h2>
      <p>{t('consolePartners.snippets.intro', { code })}</p>
      <p role="status" className="ok">
        {copied}
      </p>
      <div className="snippet-grid">
        {items.map((item) => (
          <div key={item.id} className="snippet">
            <TextAreaField
              id={`snippet-${item.id}`}
              label={item.name}
              readOnly
              rows={item.text.split('\n').length}
              value={item.text}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={() => void copy(item)}>
              {t('consolePartners.snippets.copy', { widget: item.name })}
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
