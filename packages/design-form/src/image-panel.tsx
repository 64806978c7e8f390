import type { Ref } from 'react';
import type { I18n } from '@obra/i18n';
import type { DesignFormCatalogue } from './catalogues.ts';
import { ExampleHouse } from './example-house.tsx';
import { BoltIcon } from './icons.tsx';
import type { DesignFormState } from './store.ts';

export interface ImagePanelProps {
  state: Pick<DesignFormState, 'image' | 'generatedUrl' | 'imageFailed'>;
  i18n: I18n<DesignFormCatalogue>;
  /** The preview box, which a lightning button brings into view. */
  previewRef?: Ref<HTMLDivElement>;
}

/**
 * The left panel: how to generate, and the preview: the generated image, the example drawn inline
 * until there is one, or a skeleton while generating.
 */
export function ImagePanel({ state, i18n, previewRef }: ImagePanelProps) {
  const { t } = i18n;
  const loading = state.image === 'loading';
  return (
    <div className="image-panel" part="image-panel">
      <h3 id="design-form-image-title">{t('designForm.image.title')}</h3>
      <p>{t('designForm.image.instruction')}</p>
      <p className="hint bolt-hint">
        <BoltIcon />
        {t('designForm.image.hint')}
      </p>
      <div ref={previewRef} className="preview" aria-busy={loading || undefined}>
        {loading ? (
          <div className="skeleton" role="img" aria-label={t('designForm.image.generating')} />
        ) : state.generatedUrl ? (
          <img src={state.generatedUrl} alt={t('designForm.image.alt')} width="640" height="480" decoding="async" />
        ) : (
          <ExampleHouse label={t('designForm.image.exampleAlt')} />
        )}
      </div>
      <p className="image-status" role="status">
        {loading
          ? t('designForm.image.generating')
          : state.imageFailed
            ? t('designForm.image.failed')
            : state.generatedUrl
              ? t('designForm.image.generated')
              : ''}
      </p>
    </div>
  );
}
