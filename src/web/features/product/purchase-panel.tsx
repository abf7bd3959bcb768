/**
 * The product page's buying controls: size (with the size chart), quantity, stock line,
 * 'Add to Cart' and 'Buy Now', with the login gate for visitors (they log in first, then the
 * action goes on); on phones the same two buttons again in a bottom bar once these scroll away,
 * out of the way again while the shopper types in a field (the review form).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '../../../core/api-types';
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

/** What Add to Cart and Buy Now say while no size is chosen. */
export const SELECT_A_SIZE = 'Select a size';

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
 * Price, size picker, quantity and the two buying buttons for one product.
 *
 * No size is chosen when the page opens, so nobody buys an XS by tapping Add to Cart without
 * looking: Add to Cart and Buy Now (here and in the phone's bottom bar) then say "Select a size"
 * under the sizes, scroll them into view and focus the first size in stock. A product with exactly
 * one size in stock and nothing else (a saree's or dupatta's Free Size) has nothing to choose and
 * starts with that size chosen. The choice depends on the product alone, so the server's HTML and
 * the first render in the browser agree (no hydration mismatch).
 */
export function PurchasePanel({ product }: { product: Product }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const variants = [...product.variants].sort(bySizeOrder);
  const hasVariants = variants.length > 0;
  const [variantId, setVariantId] = useState<string | null>(() =>
    variants.length === 1 && isBuyable(variants[0]) ? variants[0]._id : null,
  );
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const sizeRef = useRef<HTMLDivElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const typing = useTyping();
  const barVisible = useScrolledPast(buttonsRef) && !typing;

  const selected = variants.find((v) => v._id === variantId) ?? null;
  const anyBuyable = !hasVariants || variants.some(isBuyable);
  const stock = hasVariants ? (selected ? selected.stockQty : anyBuyable ? -1 : 0) : CART_QTY_MAX;
  const maxQty = Math.max(1, Math.min(stock > 0 ? stock : 1, CART_QTY_MAX));
  const price = selected?.price ?? product.price;
  const compareAt = selected ? selected.compareAtPrice : product.compareAtPrice;
  const stockInfo = stock === -1 ? null : stockLine(hasVariants ? stock : 1);

  const line = () => ({ productId: product._id, variantId: selected?._id ?? null, quantity });

  const requireSize = () => {
    if (hasVariants && !selected) {
      setSizeError(SELECT_A_SIZE);
      // From the bottom bar the picker may be far above: bring it (and the message) into view, and
      // put the keyboard on the first size that can be bought.
      sizeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      sizeRef.current?.querySelector<HTMLButtonElement>('[role="radio"]:not(:disabled)')?.focus({ preventScroll: true });
      return false;
    }
    setSizeError(null);
    return true;
  };

  const onAddToCart = async () => {
    if (!requireSize()) return;
    if (!getToken()) {
      savePostLoginAction({
        type: 'addToCart',
        payload: line(),
        returnTo: location.pathname,
        label: gateLabel(product.title, selected?.size),
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
        returnTo: location.pathname,
        label: gateLabel(product.title, selected?.size),
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

      {hasVariants ? (
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

      <div ref={buttonsRef} className="grid gap-3 sm:grid-cols-2">
        <Button size="lg" variant="outline" onClick={() => void onAddToCart()} loading={adding} disabled={!anyBuyable}>
          Add to Cart
        </Button>
        <Button size="lg" onClick={() => void onBuyNow()} disabled={!anyBuyable || adding}>
          Buy Now
        </Button>
      </div>

      <StickyBuyBar
        visible={barVisible}
        price={<PriceTag price={price} compareAtPrice={compareAt} />}
        detail={
          !anyBuyable ? 'Out of stock' : hasVariants ? (selected ? `Size ${selected.size}` : 'Select a size') : 'Inclusive of all taxes'
        }
      >
        <Button variant="outline" className="px-3!" onClick={() => void onAddToCart()} loading={adding} disabled={!anyBuyable}>
          Add to Cart
        </Button>
        <Button className="px-3!" onClick={() => void onBuyNow()} disabled={!anyBuyable || adding}>
          Buy Now
        </Button>
      </StickyBuyBar>
    </div>
  );
}
