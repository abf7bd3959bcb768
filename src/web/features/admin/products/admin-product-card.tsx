/**
 * One product on the admin grid: first image or a placeholder, Active/Inactive
 * and Bestseller badges, colour and variant counts, stock, min-max price range in rupees, and Edit, Hide/Show
 * and Delete. Side by side on phones, stacked from the small breakpoint up.
 */
import { Link } from 'react-router';
import { productPath } from '../../../../core/addresses';
import type { Product } from '../../../../core/api-types';
import { formatINR } from '../../../../core/money';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { priceRange } from './api';

/** The DOM id of a product's card (the screen scrolls back to it after editing). */
export const productCardId = (productId: string) => `product-card-${productId}`;

/** Props of AdminProductCard. */
export interface AdminProductCardProps {
  product: Product;
  /** A Hide/Show request for this product is running. */
  toggling: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** A product card with its admin actions. */
export function AdminProductCard({ product, toggling, onEdit, onToggle, onDelete }: AdminProductCardProps) {
  const image = product.images[0];
  const range = priceRange(product);
  const stock = product.variants.filter((v) => v.isActive).reduce((sum, v) => sum + v.stockQty, 0);
  const n = product.variants.length;
  const colours = product.colours?.length ?? 0;
  return (
    <article
      id={productCardId(product._id)}
      aria-label={product.title}
      className={`flex scroll-mt-4 gap-3 rounded-xl border bg-white p-3 sm:flex-col sm:p-0 ${
        product.isActive ? 'border-stone-200' : 'border-dashed border-stone-300'
      }`}
    >
      <div className="relative aspect-[4/5] w-24 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:w-full sm:rounded-b-none sm:rounded-t-xl">
        {image ? (
          <img
            src={image.url}
            alt={image.alt || product.title}
            loading="lazy"
            decoding="async"
            className={`h-full w-full object-cover ${product.isActive ? '' : 'opacity-60 grayscale'}`}
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center p-2 text-center text-xs text-stone-400">No image</div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:p-4 sm:pt-1">
        <div className="flex flex-wrap gap-1.5">
          {product.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
          {product.isBestseller ? <Badge tone="dark">Bestseller</Badge> : null}
        </div>
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900">
          {product.isActive ? (
            <Link to={productPath(product)} className="hover:text-brand" target="_blank" rel="noopener">
              {product.title}
            </Link>
          ) : (
            product.title
          )}
        </h3>
        <p className="text-sm font-medium text-stone-900">
          {range ? (range.min === range.max ? formatINR(range.min) : `${formatINR(range.min)} - ${formatINR(range.max)}`) : 'No price'}
        </p>
        <p className="text-xs text-stone-500">
          {colours > 0 ? `${colours} ${colours === 1 ? 'colour' : 'colours'} · ` : ''}
          {n} {n === 1 ? 'variant' : 'variants'} · {stock} in stock
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${product.title}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onToggle}
            loading={toggling}
            aria-label={`${product.isActive ? 'Hide' : 'Show'} ${product.title}`}
          >
            {product.isActive ? 'Hide' : 'Show'}
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${product.title}`}>
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
