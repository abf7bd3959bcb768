/**
 * The product page's buying controls: colour (for a product in colours), size (with the size chart), quantity, stock line,
 * 'Add to Cart' and 'Buy Now', with the login gate for visitors (they log in first, then the
 * action goes on); on phones the same two buttons again in a bottom bar once these scroll away,
 * out of the way again while the shopper types in a field (the review form).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '../../../core/api-types';
import { variantLabel } from '../../../core/colours';
import { bySizeOrder, CART_QTY_MAX } from '../../../core/constants';
import { Button } from '../../components/ui/button';
import { PriceTag } from '../../components/ui/price-tag';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { errorMessage } from '../../lib/api';
import { getToken, savePostLoginAction } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { gateLabel } from '../../lib/gate-reason';
import { addToCart, cartQueryKey } from '../cart/api';
import { SizeChartButton } from './size-chart-dialog';
import { isBuyable, SizePicker } from '../../components/product/size-picker';
import { StickyBuyBar, useScrolledPast } from '../../components/product/sticky-buy-bar';
import { ColourPicker, SizesAwaitingColour } from './colour-picker';
import { colourSoldOut, coloursOf, variantsOfColour } from './colours';
import { NOTIFY_ME, useBackInStock, WaitingNote } from './back-in-stock';

/** What Add to Cart and Buy Now say while no size is chosen. */
export const SELECT_A_SIZE = 'Select a size';
/** What they say while a product with several colours has none chosen. */
export const SELECT_A_COLOUR = 'Select a colour';

/** 'In stock', 'Only N left' (5 or fewer) or 'Out of stock'. */
export function stockLine(stock: number): { text: string; tone: 'ok' | 'low' | 'none' } {
  if (stock <= 0) return { text: 'Out of stock', tone: 'none' };
  if (stock <= 5) return { text: `Only ${stock} left`, tone: 'low' };
  return { text: 'In stock', tone: 'ok' };
}

/** Whether `el` takes typing or a choice from a list: a text field, a select, a text area or editable text. */
function isField(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type);
  return el instanceof HTMLElement && el.isContentEditable;
}

/**
 * True while a field has the focus. A phone's keyboard is then up and the fixed bottom bar would
 * sit over what the shopper types (the review form further down the page); the panel and the bar
 * have no fields of their own.
 */
function useTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const check = (el: Element | null) => setTyping(isField(el));
    const onFocusIn = (e: FocusEvent) => check(e.target as Element | null);
    // Focus leaving for nothing (a tap on the page) or for another element: judge where it went.
    const onFocusOut = (e: FocusEvent) => check(e.relatedTarget as Element | null);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    check(document.activeElement);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return typing;
}

/**
 * Price, colour swatches (products in colours), size picker, quantity and the two buying buttons for
 * one product. The chosen colour (`colour`, from the page's address) is the page's: it also picks the
 * gallery's pictures; `onColourChange` asks the page to change it. Sizes are the chosen colour's; a
 * product with several colours and none chosen shows its sizes waiting ("Choose a colour first"), and
 * Add to Cart and Buy Now then say "Select a colour" under the swatches and focus the first one.
 *
 * No size is chosen when the page opens, so nobody buys an XS by tapping Add to Cart without
 * looking: Add to Cart and Buy Now (here and in the phone's bottom bar) then say "Select a size"
 * under the sizes, scroll them into view and focus the first size in stock. A product with exactly
 * one size in stock and nothing else (a saree's or dupatta's Free Size) has nothing to choose and
 * starts with that size chosen. The choice depends on the product alone, so the server's HTML and
 * the first render in the browser agree (no hydration mismatch).
 */
export function PurchasePanel({
  product,
  colour = null,
  onColourChange,
}: {
  product: Product;
  colour?: string | null;
  onColourChange?: (name: string) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const colours = coloursOf(product);
  const hasColours = colours.length > 0;
  // A product in colours with none chosen yet: its sizes wait for one.
  const awaitingColour = hasColours && colour === null;
  const variants = variantsOfColour(product.variants, hasColours ? colour : null).sort(bySizeOrder);
  const hasVariants = product.variants.length > 0;
  const [variantId, setVariantId] = useState<string | null>(() => onlyChoice(variants));
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [colourError, setColourError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const colourRef = useRef<HTMLDivElement>(null);
  const sizeRef = useRef<HTMLDivElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const waitingHintId = useId();
  const choiceId = useId();
  const typing = useTyping();
  const barVisible = useScrolledPast(buttonsRef) && !typing;

  const selected = variants.find((v) => v._id === variantId) ?? null;
  // A sold-out size chosen: "Notify me when it's back" instead of buying (docs/architecture.md#back-in-stock).
  const soldOutChoice = selected !== null && !isBuyable(selected);
  const alerts = useBackInStock(product._id, (v) => `${product.title} (${hasColours ? variantLabel(v) : `size ${v.size}`})`);
  const waitingForChoice = soldOutChoice && alerts.isWaiting(selected._id);
  const anyBuyable = !hasVariants || (awaitingColour ? product.variants : variants).some(isBuyable);
  const stock = hasVariants ? (selected ? selected.stockQty : anyBuyable ? -1 : 0) : CART_QTY_MAX;
  const maxQty = Math.max(1, Math.min(stock > 0 ? stock : 1, CART_QTY_MAX));
  const price = selected?.price ?? product.price;
  const compareAt = selected ? selected.compareAtPrice : product.compareAtPrice;
  const stockInfo = stock === -1 ? null : stockLine(hasVariants ? stock : 1);

  const line = () => ({ productId: product._id, variantId: selected?._id ?? null, quantity });

  const chooseColour = (name: string) => {
    if (name === colour) return;
    // The same size in the new colour stays chosen when it can be bought there.
    const next = variantsOfColour(product.variants, name);
    const sameSize = next.find((v) => v.size === selected?.size && isBuyable(v));
    const kept = sameSize?._id ?? onlyChoice(next);
    setVariantId(kept);
    const v = next.find((x) => x._id === kept);
    if (v) setQuantity((q) => Math.min(q, Math.max(1, Math.min(v.stockQty, CART_QTY_MAX))));
    setColourError(null);
    setSizeError(null);
    onColourChange?.(name);
  };

  const requireSize = () => {
    if (awaitingColour) {
      setColourError(SELECT_A_COLOUR);
      colourRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      colourRef.current?.querySelector<HTMLButtonElement>('[role="radio"]:not([aria-label$="(sold out)"])')?.focus({ preventScroll: true });
      return false;
    }
    if (hasVariants && !selected) {
      setSizeError(SELECT_A_SIZE);
      // From the bottom bar the picker may be far above: bring it (and the message) into view, and
      // put the keyboard on the first size that can be bought.
      sizeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      sizeRef.current
        ?.querySelector<HTMLButtonElement>('[role="radio"]:not(:disabled):not([aria-label$="(sold out)"])')
        ?.focus({ preventScroll: true });
      return false;
    }
    setSizeError(null);
    setColourError(null);
    return true;
  };

  // The login gate brings the shopper back here, to the colour they chose.
  const returnTo = hasColours ? `${location.pathname}${location.search}` : location.pathname;
  const label = gateLabel(product.title, selected ? variantLabel(selected) : undefined);

  const onAddToCart = async () => {
    if (!requireSize()) return;
    if (!getToken()) {
      savePostLoginAction({
        type: 'addToCart',
        payload: line(),
        returnTo,
        label,
      });
      await navigate('/login');
      return;
    }
    setAdding(true);
    try {
      await addToCart(line());
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
      await navigate('/cart');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to add to cart'));
    } finally {
      setAdding(false);
    }
  };

  const onBuyNow = async () => {
    if (!requireSize()) return;
    if (!getToken()) {
      savePostLoginAction({
        type: 'buyNow',
        payload: line(),
        returnTo,
        label,
      });
      await navigate('/login');
      return;
    }
    await navigate('/checkout', { state: { fromBuyNow: true, items: [line()] } });
  };

  return (
    <div className="space-y-7">
      <div>
        <PriceTag price={price} compareAtPrice={compareAt} size="lg" showSaving />
        <p className="mt-1 text-sm text-stone-500">Inclusive of all taxes</p>
      </div>

      {hasColours ? (
        <div ref={colourRef} className="scroll-mt-24">
          <h2 className="mb-3 text-sm font-semibold text-stone-900">
            Colour
            {colour ? (
              <span className="font-normal text-stone-600">
                : {colour}
                {colourSoldOut(product.variants, colour) ? ' (sold out)' : ''}
              </span>
            ) : null}
          </h2>
          <ColourPicker
            colours={colours}
            selected={colour}
            soldOut={(name) => colourSoldOut(product.variants, name)}
            onSelect={chooseColour}
            invalid={Boolean(colourError)}
          />
          {colourError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-600">
              {colourError}
            </p>
          ) : null}
        </div>
      ) : null}

      {hasVariants && awaitingColour ? (
        <div ref={sizeRef}>
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-sm font-semibold text-stone-900">
              Size{' '}
              <span id={waitingHintId} className="font-normal text-stone-500">
                · Choose a colour first
              </span>
            </h2>
            {product.sizeChart ? <SizeChartButton chart={product.sizeChart} selectedSize={null} /> : null}
          </div>
          <SizesAwaitingColour sizes={distinctSizes(product.variants)} hintId={waitingHintId} />
        </div>
      ) : hasVariants ? (
        <div ref={sizeRef} className="scroll-mt-24">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-sm font-semibold text-stone-900">
              Size{selected ? <span className="font-normal text-stone-600">: {selected.size}</span> : null}
            </h2>
            {product.sizeChart ? <SizeChartButton chart={product.sizeChart} selectedSize={selected?.size ?? null} /> : null}
          </div>
          <SizePicker
            variants={variants}
            selectedId={variantId}
            invalid={Boolean(sizeError)}
            soldOutSelectable
            onSelect={(id) => {
              setVariantId(id);
              setSizeError(null);
              const v = variants.find((x) => x._id === id);
              if (v) setQuantity((q) => Math.min(q, Math.max(1, Math.min(v.stockQty, CART_QTY_MAX))));
            }}
          />
          {sizeError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-600">
              {sizeError}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div>
          <h2 className="mb-3 text-sm font-semibold text-stone-900">Quantity</h2>
          <QuantityStepper value={quantity} max={maxQty} onChange={setQuantity} disabled={!anyBuyable} />
        </div>
        {stockInfo ? (
          <p
            className={`mt-7 inline-flex items-center gap-2 text-sm font-medium ${
              stockInfo.tone === 'ok' ? 'text-green-700' : stockInfo.tone === 'low' ? 'text-amber-700' : 'text-stone-500'
            }`}
          >
            <span
              aria-hidden="true"
              className={`h-2 w-2 rounded-full ${
                stockInfo.tone === 'ok' ? 'bg-green-600' : stockInfo.tone === 'low' ? 'bg-amber-500' : 'bg-stone-400'
              }`}
            />
            {stockInfo.text}
          </p>
        ) : null}
      </div>

      <div>
        {hasColours && selected ? (
          <p id={choiceId} className="mb-3 text-sm text-stone-600">
            Your choice: <span className="font-semibold text-stone-900">{variantLabel(selected)}</span>
          </p>
        ) : null}
        <div ref={buttonsRef} className={soldOutChoice ? '' : 'grid gap-3 sm:grid-cols-2'}>
          {soldOutChoice ? (
            waitingForChoice ? (
              <WaitingNote statusRef={alerts.statusRef} />
            ) : (
              <Button
                size="lg"
                className="w-full"
                onClick={() => void alerts.ask(selected)}
                loading={alerts.busy}
                aria-describedby={hasColours ? choiceId : undefined}
              >
                {NOTIFY_ME}
              </Button>
            )
          ) : (
            <>
              <Button
                size="lg"
                variant="outline"
                onClick={() => void onAddToCart()}
                loading={adding}
                disabled={!anyBuyable}
                aria-describedby={hasColours && selected ? choiceId : undefined}
              >
                Add to Cart
              </Button>
              <Button
                size="lg"
                onClick={() => void onBuyNow()}
                disabled={!anyBuyable || adding}
                aria-describedby={hasColours && selected ? choiceId : undefined}
              >
                Buy Now
              </Button>
            </>
          )}
        </div>
        {alerts.dialog}
      </div>

      <StickyBuyBar
        visible={barVisible}
        price={<PriceTag price={price} compareAtPrice={compareAt} />}
        detail={barDetail({ anyBuyable, hasVariants, hasColours, awaitingColour, selected })}
      >
        {soldOutChoice ? (
          waitingForChoice ? (
            <WaitingNote compact />
          ) : (
            <Button className="px-3!" onClick={() => void alerts.ask(selected)} loading={alerts.busy}>
              Notify me
            </Button>
          )
        ) : (
          <>
            <Button variant="outline" className="px-3!" onClick={() => void onAddToCart()} loading={adding} disabled={!anyBuyable}>
              Add to Cart
            </Button>
            <Button className="px-3!" onClick={() => void onBuyNow()} disabled={!anyBuyable || adding}>
              Buy Now
            </Button>
          </>
        )}
      </StickyBuyBar>
    </div>
  );
}

/** The size to start with: the only one of `variants` when it can be bought (a saree's Free Size), else none. */
function onlyChoice(variants: Product['variants']): string | null {
  return variants.length === 1 && isBuyable(variants[0]) ? variants[0]._id : null;
}

/** Each size of `variants` once, XS..XXL. */
function distinctSizes(variants: Product['variants']): string[] {
  return [...new Set([...variants].sort(bySizeOrder).map((v) => v.size))];
}

/**
 * The phone bar's line under the price: 'Out of stock', the choice ("Maroon / L", or "Size L" for a
 * product without colours), 'Select a colour' or 'Select a size', or 'Inclusive of all taxes' for a
 * product without sizes.
 */
function barDetail(p: {
  anyBuyable: boolean;
  hasVariants: boolean;
  hasColours: boolean;
  awaitingColour: boolean;
  selected: Product['variants'][number] | null;
}): string {
  if (!p.anyBuyable) return 'Out of stock';
  if (!p.hasVariants) return 'Inclusive of all taxes';
  if (p.selected) return p.hasColours ? variantLabel(p.selected) : `Size ${p.selected.size}`;
  return p.awaitingColour ? SELECT_A_COLOUR : SELECT_A_SIZE;
}
