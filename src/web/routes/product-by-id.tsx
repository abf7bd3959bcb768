/**
 * The old product address, /product/{id}: answers 301 to the product's /products/{handle}
 * (docs/architecture.md#product-addresses); 404 with the product page's 'Product not found' when
 * there is no such product on sale.
 */
import { data, redirect } from 'react-router';
import { productPath } from '../../core/addresses';
import { ProductError } from '../components/product/product-error';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { Route } from './+types/product-by-id';

/** 301 to the product's current address. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const product = await context.catalog.getProduct(params.id);
  if (!product) throw data({ message: 'Product not found' }, { status: 404 });
  return redirect(productPath(product) + new URL(request.url).search, 301);
}

/** Only the missing product's page is ever shown here. */
export function meta({ matches, params }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: `/product/${encodeURIComponent(params.id)}`,
    title: 'Product not found',
    description: 'This product is not available.',
    noindex: true,
  });
}

/** Never drawn: the loader always redirects or throws. */
export default function ProductById() {
  return null;
}

/** The product page's 'Product not found', or its error (the view routes/product.tsx shows too). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductError error={error} />;
}
