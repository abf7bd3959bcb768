/**
 * "Move to cart" from the wishlist: asks for the size in a dialog (sold-out sizes shown
 * but disabled; a one-size product is chosen for the shopper), then adds one piece to the cart and
 * takes the product off the wishlist. A product in colours asks for the colour first (by name; a
 * sold-out colour is struck through, a one-colour product has it chosen), then that colour's sizes
 * (docs/architecture.md#colours-and-sizes). A guest goes through the login gate with the line saved.
 */
import { useEffect, useId, useState } from 'react';
import type { ProductCardWithSizes } from '../../../core/wishlist';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import type { SizeQuestion } from './move-to-cart-question';

/** The dialog's title: "Choose a colour and size" for a product in colours, else "Choose a size". */
export function questionTitle(product: ProductCardWithSizes): string {
  return product.sizes.some((v) => v.colour) ? 'Choose a colour and size' : 'Choose a size';
}

let loaded: typeof SizeQuestion | null = null;

/** The dialog for `product` (open while set); `onClose` after moving or on cancel. */
export function MoveToCartDialog({ product, onClose }: { product: ProductCardWithSizes | null; onClose: () => void }) {
  const id = useId();
  const [Question, setQuestion] = useState<typeof SizeQuestion | null>(() => loaded);
  // Its body is fetched once the wishlist is on screen, so a tap on "Move to cart" finds it there.
  useEffect(() => {
    let live = true;
    void import('./move-to-cart-question').then((m) => {
      loaded = m.SizeQuestion;
      if (live) setQuestion(() => m.SizeQuestion);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={`${id}-title`} describedBy={`${id}-hint`} className="max-w-md">
      {product ? (
        Question ? (
          <Question
            key={product._id}
            product={product}
            title={questionTitle(product)}
            titleId={`${id}-title`}
            hintId={`${id}-hint`}
            onClose={onClose}
          />
        ) : (
          <div className="p-5 sm:p-6">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
              {questionTitle(product)}
            </h2>
            <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
              {product.title}
            </p>
            <div className="mt-5 flex justify-center">
              <Spinner />
            </div>
          </div>
        )
      ) : null}
    </Modal>
  );
}
