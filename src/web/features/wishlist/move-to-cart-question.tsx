/**
 * The body of the wishlist's "Move to cart" dialog (move-to-cart-dialog.tsx loads it when the
 * wishlist opens, so the size picker and the login gate's words stay out of the code every page
 * loads): the colour (by name) and size choice, then one piece to the cart and off the wishlist.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { variantLabel } from '../../../core/colours';
import { bySizeOrder } from '../../../core/constants';
import type { ProductCardWithSizes } from '../../../core/wishlist';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { getToken, savePostLoginAction } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { gateLabel } from '../../lib/gate-reason';
import { addToCart, cartQueryKey } from '../cart/api';
import { isBuyable, SizePicker } from '../../components/product/size-picker';
import { toggleSaved } from './api';

/** Title, hint, colour and size pickers and the buttons; `onClose` after moving or on Cancel. */
export function SizeQuestion({
  product,
  title,
  titleId,
  hintId,
  onClose,
}: {
  product: ProductCardWithSizes;
  /** The dialog's title (move-to-cart-dialog.tsx questionTitle). */
  title: string;
  titleId: string;
  hintId: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The colours in the product's order (its variants come sorted by colour, then size).
  const colours = [...new Set(product.sizes.flatMap((v) => (v.colour ? [v.colour] : [])))];
  const [colour, setColour] = useState<string | null>(colours.length === 1 ? colours[0] : null);
  const awaitingColour = colours.length > 0 && colour === null;
  const sizes = product.sizes.filter((v) => colours.length === 0 || v.colour === colour).sort(bySizeOrder);
  const buyable = sizes.filter(isBuyable);
  const [variantId, setVariantId] = useState<string | null>(buyable.length === 1 ? buyable[0]._id : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const anyBuyable = product.sizes.length === 0 || (awaitingColour ? product.sizes : sizes).some(isBuyable);

  const chooseColour = (name: string) => {
    const next = product.sizes.filter((v) => v.colour === name);
    const current = sizes.find((v) => v._id === variantId);
    const same = next.find((v) => v.size === current?.size && isBuyable(v));
    const inStock = next.filter(isBuyable);
    setColour(name);
    setVariantId(same?._id ?? (inStock.length === 1 ? inStock[0]._id : null));
    setError(null);
  };

  const move = async () => {
    if (awaitingColour) {
      setError('Please select a colour before adding to cart');
      return;
    }
    if (sizes.length > 0 && !variantId) {
      setError('Please select a size before adding to cart');
      return;
    }
    const line = { productId: product._id, variantId, quantity: 1 };
    if (!getToken()) {
      const chosen = sizes.find((v) => v._id === variantId);
      savePostLoginAction({
        type: 'addToCart',
        payload: line,
        returnTo: '/wishlist',
        label: gateLabel(product.title, chosen ? variantLabel(chosen) : undefined),
        fromWishlist: true,
      });
      await navigate('/login');
      return;
    }
    setBusy(true);
    try {
      await addToCart(line);
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
      await toggleSaved(queryClient, true, product._id, false).catch(() => undefined);
      toast.success(`Moved ${product.title} to your cart`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to add to cart'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="p-5 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p id={hintId} className="mt-1 text-sm text-stone-600">
        {product.title}
      </p>
      {colours.length > 0 ? (
        <div className="mt-5">
          <h3 className="mb-2 text-sm font-semibold text-stone-900">
            Colour{colour ? <span className="font-normal text-stone-600">: {colour}</span> : null}
          </h3>
          <div role="radiogroup" aria-label="Colour" className="flex flex-wrap gap-2">
            {colours.map((name) => {
              const soldOut = !product.sizes.some((v) => v.colour === name && isBuyable(v));
              const chosen = name === colour;
              return (
                <button
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  aria-label={soldOut ? `${name} (sold out)` : name}
                  onClick={() => chooseColour(name)}
                  className={`h-11 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                    chosen
                      ? 'border-stone-900 bg-stone-900 text-white'
                      : soldOut
                        ? 'border-stone-200 bg-stone-50 text-stone-400 line-through'
                        : 'border-stone-300 bg-white text-stone-900 hover:border-stone-900'
                  }`}
                >
                  {name}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
      {awaitingColour ? (
        <p className="mt-5 text-sm text-stone-500">Choose a colour first, then its size.</p>
      ) : sizes.length > 0 ? (
        <div className="mt-5">
          {colours.length > 0 ? <h3 className="mb-2 text-sm font-semibold text-stone-900">Size</h3> : null}
          <SizePicker
            variants={sizes}
            selectedId={variantId}
            invalid={Boolean(error)}
            onSelect={(chosen) => {
              setVariantId(chosen);
              setError(null);
            }}
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void move()} loading={busy} disabled={!anyBuyable}>
          Add to Cart
        </Button>
      </div>
    </div>
  );
}
