/**
 * 'Watch & Shop': up to 4 short vertical videos, muted and inline, each showing its
 * poster until the pointer rests on it (or its play button is pressed), then playing in a loop.
 */
import { useRef, useState } from 'react';
import type { Homepage } from '../../../core/api-types';
import { usePageLoaded } from '../../lib/page-loaded';

type ShopVideo = Homepage['videos'][number];

/** One 9:16 clip with a play/pause button for keyboard and touch. */
function VideoCard({ video }: { video: ShopVideo }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const pageLoaded = usePageLoaded();

  const play = () => {
    const el = ref.current;
    if (!el) return;
    el.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  };
  const pause = () => {
    ref.current?.pause();
    setPlaying(false);
  };

  return (
    <figure className="group" onMouseEnter={play} onMouseLeave={pause}>
      <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-stone-200 shadow-sm">
        {/* The poster is an image under the video rather than its poster attribute, which the
            browser fetches with the page even far below the fold; it comes once the page has loaded
            (lib/page-loaded.ts). The video has nothing to show until it plays, so the image shows
            through. */}
        {video.posterUrl && pageLoaded ? (
          <img
            src={video.posterUrl}
            alt=""
            width={360}
            height={640}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : null}
        <video
          ref={ref}
          src={video.videoUrl}
          muted
          playsInline
          loop
          preload="none"
          width={360}
          height={640}
          className="relative h-full w-full object-cover"
          aria-label={video.title || 'Product video'}
          data-playing={playing ? 'true' : 'false'}
        />
        <button
          type="button"
          onClick={() => (playing ? pause() : play())}
          aria-label={`${playing ? 'Pause' : 'Play'} video: ${video.title || 'product video'}`}
          className={`absolute bottom-3 right-3 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-md backdrop-blur transition-opacity hover:bg-white focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
            playing ? 'opacity-0 group-hover:opacity-100' : 'opacity-100'
          }`}
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            {playing ? (
              <path d="M6 4.5h2.5v11H6zM11.5 4.5H14v11h-2.5z" fill="currentColor" />
            ) : (
              <path d="M6.5 4.5v11l9-5.5-9-5.5Z" fill="currentColor" />
            )}
          </svg>
        </button>
      </div>
      {video.title ? <figcaption className="mt-3 line-clamp-2 text-sm font-medium text-stone-800">{video.title}</figcaption> : null}
    </figure>
  );
}

/** The grid of clips: two across on phones, four on larger screens. */
export function WatchAndShop({ videos }: { videos: ShopVideo[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
      {videos.map((v) => (
        <li key={v._id}>
          <VideoCard video={v} />
        </li>
      ))}
    </ul>
  );
}
