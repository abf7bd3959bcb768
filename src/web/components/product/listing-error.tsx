/**
 * Error view of the product listings: the message and a 'Try Again' button that reloads the data.
 */
import { useRevalidator } from 'react-router';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** 'Failed to fetch products' (or the given message) with a retry. */
export function ListingError({ message = 'Failed to fetch products' }: { message?: string }) {
  const revalidator = useRevalidator();
  return (
    <EmptyState
      icon="alert"
      headingLevel={1}
      title={message}
      description="Please check your connection and try again."
      action={
        <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
          Try Again
        </Button>
      }
    />
  );
}
