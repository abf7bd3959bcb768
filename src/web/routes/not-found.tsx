/**
 * Any path the shop does not know: a designed 'Page not found' with HTTP status 404.
 */
import { data } from 'react-router';
import { Container } from '../components/layout/page';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { pageMeta } from '../lib/meta';

/** Always answers 404. */
export function loader(): never {
  throw data(null, { status: 404 });
}

/** Title of the 404 page. */
export function meta() {
  return pageMeta('Page not found', 'The page you are looking for does not exist.');
}

/** Never rendered: the loader always throws. */
export default function NotFound() {
  return null;
}

/** The 404 page. */
export function ErrorBoundary() {
  return (
    <Container>
      <EmptyState
        icon="search"
        headingLevel={1}
        title="Page not found"
        description="The page you are looking for has moved or never existed."
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <ButtonLink to="/">Go Home</ButtonLink>
            <ButtonLink to="/products" variant="outline">
              Browse Products
            </ButtonLink>
          </div>
        }
      />
    </Container>
  );
}
