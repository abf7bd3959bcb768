/**
 * "Move to cart" from the wishlist: asks for the size in a dialog (sold-out sizes shown
 * but disabled; a one-size product is chosen for the shopper), then adds one piece to the cart and
 * takes the product off the wishlist. A guest goes through the login gate with the line saved.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { bySizeOrder } from '../../../core/constants';
import type { ProductCardWithSizes } from '../../../core/wishlist';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api';
import { getToken, savePostLoginAction } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { gateLabel } from '../../lib/gate-reason';
import { addToCart, cartQueryKey } from '../cart/api';
import { isBuyable, SizePicker } from '../../components/product/size-picker';
import { toggleSaved } from './api';

/** The dialog for `product` (open while set); `onClose` after moving or on cancel. */
export function MoveToCartDialog({ product, onClose }: { product: ProductCardWithSizes | null; onClose: () => void }) {
  const id = useId();
  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={`${id}-title`} describedBy={`${id}-hint`} className="max-w-md">
      {product ? (
        <SizeQuestion key={product._id} product={product} titleId={`${id}-title`} hintId={`${id}-hint`} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function SizeQuestion({
  product,
  titleId,
  hintId,
  onClose,
}: {
  product: ProductCardWithSizes;
  titleId: string;
  hintId: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sizes = [...product.sizes].sort(bySizeOrder);
  const buyable = sizes.filter(isBuyable);
  const [variantId, setVariantId] = useState<string | null>(buyable.length === 1 ? buyable[0]._id : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const move = async () => {
    if (sizes.length > 0 && !variantId) {
      setError('Please select a size before adding to cart');
      return;
    }
    const line = { productId: product._id, variantId, quantity: 1 };
    if (!getToken()) {
      const size = sizes.find((v) => v._id === variantId)?.size;
      savePostLoginAction({
        type: 'addToCart',
        payload: line,
        returnTo: '/wishlist',
        label: gateLabel(product.title, size),
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
        Choose a size
      </h2>
      <p id={hintId} className="mt-1 text-sm text-stone-600">
        {product.title}
      </p>
      {sizes.length > 0 ? (
        <div className="mt-5">
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
        <Button onClick={() => void move()} loading={busy} disabled={buyable.length === 0 && sizes.length > 0}>
          Add to Cart
        </Button>
      </div>
    </div>
  );
}
