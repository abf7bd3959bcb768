/** The page a shopper sees for an order that is not in their account (the order page and the order-placed page). */
import { Container } from '../../components/layout/page';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

/** "Order not found", with the way back to the orders list. */
export function OrderNotFound() {
  return (
    <Container>
      <EmptyState
        icon="box"
        headingLevel={1}
        title="Order not found"
        description="We couldn't find this order in your account."
        action={<ButtonLink to="/orders">Back to Orders</ButtonLink>}
      />
    </Container>
  );
}
