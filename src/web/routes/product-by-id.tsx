/**
 * The old product address, /product/{id}: answers 301 to the product's /products/{handle}
 * (docs/architecture.md#product-addresses); 404 with the product page's 'Product not found' when
 * there is no such product on sale.
 */
import { data, isRouteErrorResponse, redirect } from 'react-router';
import { productPath } from '../../core/addresses';
import { Container } from '../components/layout/page';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
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

/** The product page's 'Product not found' (routes/product.tsx), or its error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container>
      <EmptyState
        icon={notFound ? 'search' : 'alert'}
        headingLevel={1}
        title={notFound ? 'Product not found' : 'Something went wrong'}
        description={
          notFound
            ? 'This product may have sold out or been removed from our collection.'
            : 'We could not load this product. Please try again.'
        }
        action={<ButtonLink to="/products">Browse Products</ButtonLink>}
      />
    </Container>
  );
}
