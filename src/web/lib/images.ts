/**
 * Responsive image sources. The demo seed writes each product image at 800 and 400 pixels wide
 * (`x.webp`, `x-400.webp`) and each banner at 1600 and 800; other images (uploads) have one size.
 */

const DEMO_IMAGE = /^\/media\/demo\/(products|banners)\/[^/?#]+\.webp$/;

/** `srcset` for a demo image whose full width is `fullWidth`; undefined for any other URL. */
export function demoSrcSet(url: string, fullWidth: 800 | 1600): string | undefined {
  if (!DEMO_IMAGE.test(url)) return undefined;
  const half = fullWidth / 2;
  return `${url.replace(/\.webp$/, `-${half}.webp`)} ${half}w, ${url} ${fullWidth}w`;
}

/** `src`, `srcSet` and `sizes` props for a product image shown at `sizes`. */
export function productImageProps(url: string, sizes: string) {
  const srcSet = demoSrcSet(url, 800);
  return { src: url, srcSet, sizes: srcSet ? sizes : undefined };
}
