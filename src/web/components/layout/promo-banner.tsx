/**
 * The site-wide 40px promotional strip: two offers scrolling over a 20 s loop, paused on
 * hover, still for visitors who prefer reduced motion (styles in app.css, `.promo-*`).
 * The server sends each offer once; the copies a seamless loop needs (two identical halves,
 * each wider than the screen) are added in the browser once the page has loaded, when the strip
 * starts to move: every page's HTML would otherwise carry the offers twelve times.
 */
import { usePageLoaded } from '../../lib/page-loaded';

const MESSAGES = [
  { title: 'First-order 5% off', text: 'auto-applied at checkout on your first purchase' },
  { title: 'Multi-item 20% off', text: 'add 3+ items to unlock instant 20% savings' },
] as const;

/** The offers `rounds` times over; `copy` tells the halves' keys apart. */
function Messages({ copy, rounds }: { copy: number; rounds: number }) {
  return (
    <>
      {Array.from({ length: rounds }, (_, round) =>
        MESSAGES.map((m) => (
          <span key={`${copy}-${round}-${m.title}`} className="promo-item">
            <i>✦</i>
            <strong>{m.title}</strong>
            <span className="promo-detail">{`— ${m.text}`}</span>
          </span>
        )),
      )}
    </>
  );
}

/** The scrolling promotional banner at the very top of every page. */
export function PromoBanner() {
  const moving = usePageLoaded();
  return (
    <div className="promo-banner h-10 overflow-hidden bg-brand text-[13px] text-white" role="region" aria-label="Offers">
      <p className="sr-only">{MESSAGES.map((m) => `${m.title} — ${m.text}.`).join(' ')}</p>
      <div className={`promo-track flex h-10 w-max items-center whitespace-nowrap${moving ? ' promo-run' : ''}`} aria-hidden="true">
        <div className="promo-copy flex items-center">
          <Messages copy={0} rounds={moving ? 3 : 1} />
        </div>
        {moving ? (
          <div className="promo-copy promo-dup flex items-center">
            <Messages copy={1} rounds={3} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
