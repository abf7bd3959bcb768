/**
 * Pictures that wait for the page's load event (Largest Contentful Paint on a phone).
 *
 * On a phone over 4G the first screen's picture, stylesheet and scripts share a slow link with every
 * other picture the page asks for at once, and native `loading="lazy"` still fetches pictures within
 * about a screen and a half, sideways in a rail too. Pictures that are not on the first screen (the
 * carousel's later slides, rail and grid cards past the first ones) are therefore rendered only
 * once the window has loaded; their boxes keep their size meanwhile, so nothing shifts.
 */
import { startTransition, useLayoutEffect, useState } from 'react';

/**
 * False on the server and until the window's load event; true from then on (at once when the page
 * has already loaded, as after a client-side navigation). The change is a transition: a page with
 * many cards re-renders them in short slices the browser can answer input between, not in one long
 * task (Total Blocking Time on a phone, docs/performance.md).
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useLayoutEffect(() => {
    const onLoad = () => startTransition(() => setLoaded(true));
    if (document.readyState === 'complete') return onLoad();
    window.addEventListener('load', onLoad);
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
