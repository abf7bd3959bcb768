/**
 * Product images: the selected one large (2x hover zoom from 768px up) and thumbnails to switch.
 */
import { useState, type MouseEvent } from 'react';
import type { ProductImage } from '../../../core/api-types';
import { productImageProps } from '../../lib/images';
import { usePageLoaded } from '../../lib/page-loaded';

/** Gallery with thumbnails; the first image is shown first. */
export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const current = images[active] ?? images[0];
  // The thumbnails come once the page has loaded, after the large picture (lib/page-loaded.ts).
  const pageLoaded = usePageLoaded();

  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    if (!window.matchMedia('(min-width: 768px) and (hover: hover)').matches) return;
    const rect = e.currentTarget.getBoundingClientRect();
    setZoom({
      x: ((e.clientX - rect.left) / rect.width) * 100,
      y: ((e.clientY - rect.top) / rect.height) * 100,
    });
  };

  return (
    <div className="flex flex-col-reverse gap-3 md:flex-row md:gap-4">
      {images.length > 1 ? (
        <ul
          className="no-scrollbar flex gap-3 overflow-x-auto md:w-20 md:shrink-0 md:flex-col md:overflow-visible"
          aria-label="Product images"
        >
          {images.map((img, i) => (
            <li key={`${img.url}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === active ? 'true' : undefined}
                className={`block w-16 overflow-hidden rounded-md border-2 bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand md:w-20 ${
                  i === active ? 'border-stone-900' : 'border-transparent opacity-70 hover:opacity-100'
                }`}
              >
                {pageLoaded ? (
                  <img
                    {...productImageProps(img.url, '80px')}
                    alt=""
                    width={80}
                    height={100}
                    loading="lazy"
                    className="aspect-[4/5] h-auto w-full object-cover"
                  />
                ) : (
                  <span className="block aspect-[4/5] w-full" />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className="relative aspect-[4/5] flex-1 overflow-hidden rounded-lg bg-stone-100 md:cursor-zoom-in"
        onMouseMove={onMove}
        onMouseLeave={() => setZoom(null)}
      >
        {current ? (
          <img
            {...productImageProps(current.url, '(min-width: 1280px) 560px, (min-width: 768px) 45vw, 100vw')}
            alt={current.alt || title}
            width={800}
            height={1000}
            loading="eager"
            fetchPriority={active === 0 ? 'high' : undefined}
            className="h-full w-full object-cover transition-transform duration-150 ease-out"
            style={zoom ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : { transform: 'scale(1)' }}
          />
        ) : (
          <div className="flex h-full items-center justify-center font-display text-xl text-stone-400">{title}</div>
        )}
      </div>
    </div>
  );
}
