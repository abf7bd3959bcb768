/**
 * 'Follow us on Instagram': up to 5 square photos, each opening its post in a new
 * tab (rel noopener), and a link to the shop's profile.
 */
import type { Homepage } from '../../../core/api-types';

type Photo = Homepage['instagramPhotos'][number];

/** Photos in a row of five on large screens (three, then two, on phones). */
export function InstagramGrid({ photos }: { photos: Photo[] }) {
  return (
    <ul className="grid grid-cols-6 gap-2 sm:gap-4 lg:grid-cols-5">
      {photos.map((p, i) => (
        <li key={p._id} className={i < 3 ? 'col-span-2 lg:col-span-1' : 'col-span-3 lg:col-span-1'}>
          <a
            href={p.postUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="group relative block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            <img
              src={p.imageUrl}
              alt={p.alt}
              width={600}
              height={600}
              loading="lazy"
              decoding="async"
              className="aspect-square h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
            <span className="sr-only"> (opens Instagram in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
