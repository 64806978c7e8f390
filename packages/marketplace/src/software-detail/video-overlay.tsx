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
 * iframe exists only while open, so closing stops the video; it comes from youtube-nocookie.com.
 */
export function VideoOverlay({ id, title, closeLabel, onClose }: VideoOverlayProps) {
  const { ref } = useModal(id !== null);
  const titleId = useId();
  return (
    <dialog ref={ref} className="video-overlay" aria-labelledby={titleId} onClose={onClose}>
      <div className="video-head">
        <h2 id={titleId}>{title}</h2>
        <form method="dialog">
          <button className="button secondary close" autoFocus>
            <span aria-hidden="true">✕ </span>
            {closeLabel}
          </button>
        </form>
      </div>
      {id ? (
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
      ) : null}
    </dialog>
  );
}
