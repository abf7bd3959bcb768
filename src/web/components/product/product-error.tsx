/**
 * Error view of the product page, shared by /products/{handle} (routes/product.tsx) and the old
 * /product/{id} (routes/product-by-id.tsx): 'Product not found' for a 404, else a general failure,
 * each with a way back to the products. product-by-id is a side route in vite.config.ts, so this
 * stays out of the chunk every storefront page loads.
 */
import { isRouteErrorResponse } from 'react-router';
import { Container } from '../layout/page';
import { ButtonLink } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** The route's ErrorBoundary body for `error` (a thrown 404 response means the product is missing). */
export function ProductError({ error }: { error: unknown }) {
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
