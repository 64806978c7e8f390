import { useRef } from 'react';
import type { Lang } from '@obra/i18n';
import type { CatalogueVideo } from '@obra/catalogue';
import { thumbnailUrl, videoId } from '../video-id.ts';
import { Carousel } from './carousel.tsx';
import { VideoOverlay } from './video-overlay.tsx';

/** A catalogue video with its parsed id. */
interface PlayableVideo {
  id: string;
  title: string;
  channel: string;
}

export interface VideosProps {
  videos: readonly CatalogueVideo[];
  lang: Lang;
  /** The id of the video in the overlay, null when closed. */
  playing: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
  labels: {
    region: string;
    pause: string;
    play: string;
    previous: string;
    next: string;
    close: string;
    slide: (n: number, count: number) => string;
    /** Read before the card's visible title and channel, which are the rest of its name (WCAG 2.5.3). */
    open: string;
    by: (channel: string) => string;
  };
}

/** The tutorial carousel and its video overlay; videos whose URL has no id are left out. */
export function Videos({ videos, lang, playing, onOpen, onClose, labels }: VideosProps) {
  const opener = useRef<HTMLButtonElement | null>(null);
  const playable = videos.flatMap<PlayableVideo>((v) => {
    const id = videoId(v.url);
    return id ? [{ id, title: v.title[lang], channel: v.published }] : [];
  });
  if (playable.length === 0) return null;
  const current = playable.find((v) => v.id === playing);

  return (
    <>
      <Carousel
        held={playing !== null}
        labels={labels}
        slides={playable.map((video) => ({
          key: video.id,
          render: () => (
            <button
              type="button"
              className="video-card"
              onClick={(event) => {
                opener.current = event.currentTarget;
                onOpen(video.id);
              }}
            >
              <span className="visually-hidden">{labels.open} </span>
              <span className="thumb">
                {/* It adds nothing the visible title does not say: no alt text. One that does not load
                    leaves the grey card (the stylesheet covers the broken-image icon). */}
                <img src={thumbnailUrl(video.id)} alt="" width={480} height={360} loading="lazy" />
                <span className="play" aria-hidden="true">
                  ▶
                </span>
              </span>
              <span className="video-title">{video.title}</span>
              <span className="video-channel">{labels.by(video.channel)}</span>
            </button>
          ),
        }))}
      />
      <VideoOverlay
        id={current ? current.id : null}
        title={current?.title ?? ''}
        closeLabel={labels.close}
        onClose={() => {
          onClose();
          // Back to the card that opened it (the browser's own restore is not in every engine).
          opener.current?.focus();
        }}
      />
    </>
  );
}
