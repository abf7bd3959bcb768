/**
 * The product page's own actions beside the buying buttons: "Save to wishlist" and
 * "Share on WhatsApp". Kept out of the modules every page loads: only the product page needs them.
 */
import { whatsAppShareUrl } from '../../lib/whatsapp';
import { HeartIcon, useWishlistToggle } from './wishlist-heart';

/** The product page's 'Save to wishlist' button with its heart; 'Saved' (pressed) once saved, a tap unsaves. */
export function WishlistButton({ productId }: { productId: string }) {
  const { saved, toggle } = useWishlistToggle(productId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => void toggle()}
      className={`inline-flex h-11 items-center gap-2 rounded-md border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
        saved ? 'border-brand bg-rose-50 text-brand' : 'border-stone-300 bg-white text-stone-900 hover:border-stone-900'
      }`}
    >
      <HeartIcon filled={saved} />
      {saved ? 'Saved' : 'Save to wishlist'}
    </button>
  );
}

/** The WhatsApp logo, in the current colour. */
export function WhatsAppIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
      />
    </svg>
  );
}

/** "Share on WhatsApp": opens WhatsApp (a new tab on a computer) with `title` and `url`. */
export function ShareOnWhatsApp({ title, url }: { title: string; url: string }) {
  return (
    <a
      href={whatsAppShareUrl(`${title} ${url}`)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-11 items-center gap-2 rounded-md border border-stone-300 bg-white px-4 text-sm font-medium text-stone-900 transition-colors hover:border-[#128c7e] hover:text-[#075e54] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <WhatsAppIcon className="h-5 w-5 text-[#128c7e]" />
      Share on WhatsApp
    </a>
  );
}
