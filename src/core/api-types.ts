/**
 * Shapes of the JSON the API answers (docs/architecture.md "API contract"), inferred from the zod
 * schemas the routes declare as their answers (schemas/answers): a field is sent only when its
 * schema names it, so these types are what the web app receives. Ids are strings in `_id`; money is
 * in rupees (numbers with up to 2 decimals). Type-only: importing these costs the browser no zod.
 */
export type { Order, OrderItem, Shipment } from './schemas/answers/orders';
export type {
  Address,
  ApiError,
  Cart,
  Category,
  CategoryRef,
  CouponResult,
  CreateOrderResponse,
  Homepage,
  PricedLineItem,
  Pricing,
  PricingSummary,
  Product,
  ProductImage,
  ProductRating,
  User,
  Variant,
} from './schemas/answers/store';
