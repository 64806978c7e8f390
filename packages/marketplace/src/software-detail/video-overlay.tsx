import { useId } from 'react';
import { useModal } from '@obra/ui';
import { embedUrl } from '../video-id.ts';

export interface VideoOverlayProps {
  /** The video id; null when closed. */
  id: string | null;
  title: string;
  closeLabel: string;
  /** Called when it closes by its button or by Esc. */
  onClose: () => void;
}

/**
 * The video overlay on native `<dialog>` (top layer, focus kept inside, Esc closes). The player
 * comes from youtube-nocookie.com.
 */
export function VideoOverlay({ id, title, closeLabel, onClose }: VideoOverlayProps) {
  const { ref } = useModal(id !== null);
  const titleId = useId();
  // Its content exists only while open: a closed dialog holds no empty heading, and closing stops the video.
  return (
    <dialog ref={ref} className="video-overlay" aria-labelledby={id ? titleId : undefined} onClose={onClose}>
      {id ? (
        <>
          <div className="video-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="button secondary close" autoFocus onClick={() => ref.current?.close()}>
              <span aria-hidden="true">✕ </span>
              {closeLabel}
            </button>
          </div>
          <div className="video-frame">
            <iframe
              src={embedUrl(id)}
              title={title}
              width={560}
              height={315}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </>
      ) : null}
    </dialog>
  );
}
