/**
 * The admin's customers (docs/architecture.md#customers): GET /api/admin/customers (search and
 * page) and GET /api/admin/customers/{id} (one account with its orders and what the old shop's
 * import brought). Money in rupees.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { addressAnswerSchema } from './answers/store';

/** Customers per page of the list. */
export const CUSTOMERS_PAGE_SIZE = 50;
/** Orders one customer's page lists, newest first. */
export const CUSTOMER_RECENT_ORDERS = 20;

export const customerListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const adminCustomerSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** Orders placed, any status. */
  orderCount: z.number(),
  /** Brought over by the Shopify customer import. */
  imported: z.boolean(),
  /** False for an imported account that has not set a password yet. */
  hasPassword: z.boolean(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;

export const adminCustomerListSchema = z.object({
  customers: z.array(adminCustomerSummarySchema),
  currentPage: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type AdminCustomerList = z.infer<typeof adminCustomerListSchema>;

export const adminCustomerSchema = adminCustomerSummarySchema.extend({
  address: addressAnswerSchema.nullable(),
  /** Rupees: the orders not cancelled. */
  spent: z.number(),
  whatsapp: z.object({ updates: z.boolean(), offers: z.boolean() }),
  /** Store credit balance, rupees. */
  storeCredit: z.number(),
  /**
   * The refused-COD rule (docs/architecture.md#cash-on-delivery): COD orders of this account, phone or
   * e-mail that came back undelivered, and whether COD is off for them (at the settings' limit).
   */
  cod: z.object({ refused: z.number(), off: z.boolean() }),
  /** What the old shop's export said of this customer; null for an account made here. */
  importedFrom: z
    .object({
      tags: z.array(z.string()),
      note: z.string(),
      totalOrders: z.number(),
      totalSpent: z.number(),
      acceptsEmailMarketing: z.boolean(),
      taxExempt: z.boolean(),
    })
    .nullable(),
  orders: z.array(
    z.object({
      _id: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: z.number(),
      paymentMethod: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
