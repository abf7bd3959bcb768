/**
 * The home page's banner carousel. A video banner, when there is one, is
 * slide 0 and plays (muted, from the start) each time it is shown, moving on when it ends; image
 * slides advance every 5 s and wrap to the first. Without a video, images rotate only when there is
 * more than one. Rotation pauses while the pointer or keyboard focus is on the carousel, stays
 * off for visitors who prefer reduced motion, and has a pause/play button (WCAG 2.2.2). The first
 * slide is server-rendered; the others get their pictures once the page has loaded. When every
 * slide has a portrait phone picture, phones get a 4:5 carousel of those, and the video
 * slide shows its phone poster there instead of playing the wide clip.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, type MetaDescriptor } from 'react-router';
import type { Homepage } from '../../../core/api-types';
import { BRAND } from '../../../core/constants';
import { ButtonLink } from '../../components/ui/button';
import { demoSrcSet } from '../../lib/images';
import { usePageLoaded } from '../../lib/page-loaded';

type ImageBanner = Homepage['imageBanners'][number];
type VideoBanner = NonNullable<Homepage['videoBanner']>;

type Slide = { kind: 'video'; key: string; video: VideoBanner } | { kind: 'image'; key: string; banner: ImageBanner };

/** Carousel interval. */
export const CAROUSEL_INTERVAL_MS = 5000;

const BANNER_SIZES = '100vw';

/** Screens that get the banners' portrait phone pictures. */
export const PHONE_MEDIA = '(max-width: 640px)';
/*
 * The lead picture's preloads name the screens more narrowly than the <source>, so nothing is
 * preloaded that the page then does not show ("preloaded but not used"): a phone's page is read at
 * the 980 px default layout width before <meta name="viewport"> applies (seen at 390 px in Chrome's
 * mobile emulation, whose device-width is the host's), so width alone fetched the wide picture on
 * phones. The wide one also needs a hovering pointer (not a phone), the phone one a small screen
 * by width or device width; a tablet may go without a preload, never with a wrong one.
 */
const PHONE_PRELOAD_MEDIA = `${PHONE_MEDIA}, (max-device-width: 640px)`;
const WIDE_PRELOAD_MEDIA = '(min-width: 641px) and (min-device-width: 641px) and (hover: hover)';

/**
 * Whether phones show the portrait pictures: only when every slide has one (the video's
 * phone poster counts), so the carousel keeps one shape from slide to slide on a phone.
 */
export function usesPhonePictures(videoBanner: Homepage['videoBanner'] | undefined, banners: ImageBanner[] | undefined): boolean {
  const slides = [...(videoBanner ? [videoBanner.mobilePosterUrl] : []), ...(banners ?? []).map((b) => b.mobileImageUrl)];
  return slides.length > 0 && slides.every(Boolean);
}

/**
 * The home page's head entries that fetch the carousel's first picture (the page's largest paint)
 * early and first: the video's poster when there is a video banner, else the first image banner.
 * Two preloads split by media query (phones: the portrait picture when in use), so each screen
 * fetches only the picture it shows. React Router meta descriptors for `<link rel="preload">`, or none without banners.
 */
export function leadImagePreload(videoBanner: Homepage['videoBanner'] | undefined, banners: ImageBanner[] | undefined): MetaDescriptor[] {
  const href = videoBanner ? videoBanner.posterUrl : banners?.[0]?.imageUrl;
  if (!href) return [];
  const phoneHref = videoBanner ? videoBanner.mobilePosterUrl : banners?.[0]?.mobileImageUrl;
  const phones = usesPhonePictures(videoBanner, banners) && phoneHref;
  const srcSet = demoSrcSet(href, 1600);
  const preload = (url: string, media: string): MetaDescriptor => ({
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    href: url,
    fetchPriority: 'high',
    media,
    ...(srcSet && url === href ? { imageSrcSet: srcSet, imageSizes: BANNER_SIZES } : {}),
  });
  return [preload(phones ? phoneHref : href, PHONE_PRELOAD_MEDIA), preload(href, WIDE_PRELOAD_MEDIA)];
}

function BannerLink({ link, children, label }: { link: string | null; children: ReactNode; label: string }) {
  const cls = 'block h-full w-full focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white';
  if (!link) return <div className="h-full w-full">{children}</div>;
  if (link.startsWith('/')) {
    return (
      <Link to={link} className={cls} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} className={cls} aria-label={label}>
      {children}
    </a>
  );
}

/**
 * A banner picture filling its slide: the 800 px copy on small screens, fetched first when it leads.
 * With `phoneUrl`, a `<picture>` whose source gives phones the portrait picture instead.
 */
function BannerImage({ url, phoneUrl, alt, lead }: { url: string; phoneUrl: string | null; alt: string; lead: boolean }) {
  const srcSet = demoSrcSet(url, 1600);
  const img = (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? BANNER_SIZES : undefined}
      alt={alt}
      width={1600}
      height={640}
      className="h-full w-full object-cover"
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : undefined}
      decoding={lead ? undefined : 'async'}
    />
  );
  if (!phoneUrl) return img;
  return (
    <picture>
      <source media={PHONE_MEDIA} srcSet={phoneUrl} width={720} height={900} />
      {img}
    </picture>
  );
}

/** True while the screen matches PHONE_MEDIA; false on the server and the hydrating render. */
function useIsPhone(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(PHONE_MEDIA);
    setPhone(query.matches);
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/** A text hero used when no banners are configured. */
function FallbackHero() {
  return (
    <section className="bg-gradient-to-br from-rose-50 via-white to-stone-100">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand">New season</p>
        <h1 className="max-w-2xl font-display text-4xl font-semibold leading-tight text-stone-900 sm:text-6xl">{BRAND.tagline}</h1>
        <ButtonLink to="/products" size="lg">
          Shop All Products
        </ButtonLink>
      </div>
    </section>
  );
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

const ICON_PATHS = {
  prev: 'M12.5 4.5 7 10l5.5 5.5',
  next: 'M7.5 4.5 13 10l-5.5 5.5',
} as const;

function Chevron({ dir }: { dir: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
      <path d={ICON_PATHS[dir]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The rotating banner; renders a text hero when there are no banners at all. */
export function HeroCarousel({ videoBanner, banners }: { videoBanner: Homepage['videoBanner']; banners: ImageBanner[] }) {
  const slides: Slide[] = [
    ...(videoBanner ? [{ kind: 'video' as const, key: 'video', video: videoBanner }] : []),
    ...banners.map((banner) => ({ kind: 'image' as const, key: banner._id, banner })),
  ];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [videoFailed, setVideoFailed] = useState(false);
  const [touchX, setTouchX] = useState<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const pageLoaded = usePageLoaded();
  const videoRef = useRef<HTMLVideoElement>(null);
  // Phones with portrait pictures show the video's portrait poster and never play the wide clip.
  const phonePictures = usesPhonePictures(videoBanner, banners);
  const isPhone = useIsPhone();
  const posterOnly = phonePictures && isPhone;

  const rotating = count > 1 && !userPaused && !reducedMotion;
  const held = hovered || focused;
  const current = slides[index];
  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  // Images (and a video that cannot play) advance on a timer.
  useEffect(() => {
    if (!rotating || held || !current) return;
    if (current.kind === 'video' && !videoFailed && !posterOnly) return;
    const timer = window.setTimeout(() => go(index + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, held, current, index, videoFailed, posterOnly, go]);

  // The video plays from the start whenever its slide is shown, and pauses otherwise.
  const videoShown = current?.kind === 'video';
  const playVideo = !userPaused && !reducedMotion;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!videoShown || posterOnly) {
      video.pause();
      return;
    }
    video.currentTime = 0;
    if (!playVideo) {
      video.pause();
      return;
    }
    video.play().catch(() => setVideoFailed(true));
  }, [videoShown, playVideo, posterOnly]);

  if (count === 0) return <FallbackHero />;

  const arrow =
    'flex h-10 w-10 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-900 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:absolute sm:top-1/2 sm:z-10 sm:h-11 sm:w-11 sm:-translate-y-1/2 sm:border-0 sm:bg-white/85 sm:shadow-md sm:backdrop-blur sm:hover:bg-white';

  return (
    <section
      className="relative bg-stone-100"
      aria-roledescription="carousel"
      aria-label="Featured collections"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      onTouchStart={(e) => setTouchX(e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const endX = e.changedTouches[0]?.clientX;
        if (touchX !== null && endX !== undefined && Math.abs(endX - touchX) > 40) {
          go(index + (endX < touchX ? 1 : -1));
        }
        setTouchX(null);
      }}
    >
      <h1 className="sr-only">
        {BRAND.name} — {BRAND.tagline}
      </h1>
      <div
        className={`relative aspect-[5/2] w-full overflow-hidden ${phonePictures ? '[@media(max-width:640px)]:aspect-[4/5]' : ''}`}
        aria-live={rotating && !held ? 'off' : 'polite'}
      >
        {slides.map((slide, i) => {
          const active = i === index;
          const pictured = i === 0 || active || pageLoaded;
          return (
            <div
              key={slide.key}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
              aria-hidden={active ? undefined : true}
              inert={active ? undefined : true}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              data-active={active ? 'true' : undefined}
            >
              {slide.kind === 'video' ? (
                <>
                  {/* The poster is an image under the video rather than its poster attribute, so
                      phones get the small copy (srcset) and it is fetched first; the video itself
                      loads only when it is played, after the page is up. */}
                  {slide.video.posterUrl && pictured ? (
                    <BannerImage
                      url={slide.video.posterUrl}
                      phoneUrl={phonePictures ? slide.video.mobilePosterUrl : null}
                      alt=""
                      lead={i === 0}
                    />
                  ) : null}
                  <video
                    ref={videoRef}
                    src={slide.video.videoUrl}
                    muted
                    playsInline
                    loop={count === 1}
                    preload="none"
                    width={1600}
                    height={640}
                    className={`absolute inset-0 h-full w-full object-cover ${phonePictures ? '[@media(max-width:640px)]:hidden' : ''}`}
                    aria-label={`${BRAND.name} video banner`}
                    onEnded={() => (rotating ? go(index + 1) : undefined)}
                    onError={() => setVideoFailed(true)}
                  />
                </>
              ) : (
                <BannerLink link={slide.banner.link} label={slide.banner.alt || `Banner ${i + 1}`}>
                  {pictured ? (
                    <BannerImage
                      url={slide.banner.imageUrl}
                      phoneUrl={phonePictures ? slide.banner.mobileImageUrl : null}
                      alt={slide.banner.alt}
                      lead={i === 0}
                    />
                  ) : null}
                </BannerLink>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        // Phones: a bar under the banner keeps the banner's own text clear. Larger screens: overlays.
        <div className="flex items-center justify-between gap-2 border-b border-stone-200 bg-white px-4 py-2 sm:contents">
          <button type="button" className={`${arrow} sm:left-6`} onClick={() => go(index - 1)} aria-label="Previous slide">
            <Chevron dir="prev" />
          </button>
          <div className="flex items-center gap-1.5 sm:absolute sm:bottom-3 sm:left-1/2 sm:z-10 sm:-translate-x-1/2 sm:rounded-full sm:bg-black/35 sm:px-2 sm:py-1 sm:backdrop-blur-sm">
            <button
              type="button"
              className="mr-1 flex h-8 w-8 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand sm:h-7 sm:w-7 sm:text-white sm:hover:bg-white/20 sm:focus-visible:outline-white"
              onClick={() => setUserPaused((p) => !p)}
              aria-label={userPaused || reducedMotion ? 'Play slideshow' : 'Pause slideshow'}
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                {userPaused || reducedMotion ? (
                  <path d="M6 4.5v11l9-5.5-9-5.5Z" fill="currentColor" />
                ) : (
                  <path d="M6 4.5h2.5v11H6zM11.5 4.5H14v11h-2.5z" fill="currentColor" />
                )}
              </svg>
            </button>
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className="group flex h-8 min-w-6 items-center justify-center sm:h-7"
                onClick={() => go(i)}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
              >
                <span
                  className={`block h-2 rounded-full transition-all group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-brand ${
                    i === index
                      ? 'w-6 bg-stone-900 sm:bg-white'
                      : 'w-2 bg-stone-300 group-hover:bg-stone-500 sm:bg-white/60 sm:group-hover:bg-white/90'
                  }`}
                />
              </button>
            ))}
          </div>
          <button type="button" className={`${arrow} sm:right-6`} onClick={() => go(index + 1)} aria-label="Next slide">
            <Chevron dir="next" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
