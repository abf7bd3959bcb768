import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { AdminCustomer, AdminCustomerList } from '../../../core/schemas/admin-customers';

// The admin's customers (docs/architecture.md#customers): the list with its search and one
// customer's page, for the roles that hold 'customers.read'.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
const tag = randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner' });
});
afterAll(() => t.close());

const list = (query: string, headers = owner.headers) => t.app.inject({ url: `/api/admin/customers?${query}`, headers });

describe('admin customers', () => {
  it('finds shoppers by name, e-mail or phone, newest first, with their order counts; staff are not customers', async () => {
    const meera = await createUser(t.app, t.db, { name: `Meera ${tag}`, email: `meera-${tag}@example.in`, phone: '9123456780' });
    const ravi = await createUser(t.app, t.db, { name: `Ravi ${tag}`, email: `ravi-${tag}@example.in`, phone: '9000012345' });
    await createUser(t.app, t.db, { name: `Packer ${tag}`, role: 'fulfilment' });
    await createOrderRecord(t.db, { userId: meera.user.id });
    await createOrderRecord(t.db, { userId: meera.user.id, status: 'cancelled' });

    const byName = await list(`search=${tag}`);
    expect(byName.statusCode).toBe(200);
    const found = byName.json<AdminCustomerList>();
    expect(found.customers.map((c) => [c.name, c.orderCount])).toEqual([
      [`Ravi ${tag}`, 0],
      [`Meera ${tag}`, 2],
    ]);
    expect(found.total).toBe(2);
    expect((await list(`search=${encodeURIComponent(`RAVI-${tag}@`)}`)).json<AdminCustomerList>().customers.map((c) => c._id)).toEqual([
      ravi.user.id,
    ]);
    // A phone typed with +91 and spaces.
    expect((await list(`search=${encodeURIComponent('+91 91234 56780')}`)).json<AdminCustomerList>().customers.map((c) => c._id)).toEqual([
      meera.user.id,
    ]);
    // LIKE wildcards are text.
    expect((await list('search=%25')).json<AdminCustomerList>().customers).toEqual([]);
  });

  it("shows one customer's address, spend, consent, store credit, imported data and latest orders", async () => {
    const imported = await createUser(t.app, t.db, {
      name: `Priya ${tag}`,
      passwordHash: '',
      address: {
        line1: 'Flat 12, Shanti Niwas',
        line2: 'Bandra West',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
        country: 'India',
      },
      importedFrom: {
        source: 'shopify',
        tags: ['VIP'],
        totalOrders: 3,
        totalSpentPaise: 1_249_900,
        acceptsEmailMarketing: true,
        note: 'Likes silk sarees',
        taxExempt: false,
      },
    });
    const kept = await createOrderRecord(t.db, {
      userId: imported.user.id,
      lines: [{ productId: '00000000-0000-4000-8000-000000000001', variantId: null, unitPricePaise: 129_950 }],
    });
    await createOrderRecord(t.db, { userId: imported.user.id, status: 'cancelled' });

    const res = await t.app.inject({ url: `/api/admin/customers/${imported.user.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const customer = res.json<AdminCustomer>();
    expect(customer).toMatchObject({
      name: `Priya ${tag}`,
      imported: true,
      hasPassword: false,
      orderCount: 2,
      spent: 1299.5,
      storeCredit: 0,
      whatsapp: { updates: false, offers: false },
      address: { city: 'Mumbai', pincode: '400050' },
      importedFrom: {
        tags: ['VIP'],
        note: 'Likes silk sarees',
        totalOrders: 3,
        totalSpent: 12_499,
        acceptsEmailMarketing: true,
        taxExempt: false,
      },
    });
    expect(customer.orders).toHaveLength(2);
    expect(customer.orders.map((o) => o._id)).toContain(kept.id);
  });

  it('is 404 for a staff account or an unknown id, and needs customers.read', async () => {
    const packer = await createUser(t.app, t.db, { role: 'fulfilment' });
    const support = await createUser(t.app, t.db, { role: 'support' });
    expect((await t.app.inject({ url: `/api/admin/customers/${packer.user.id}`, headers: owner.headers })).statusCode).toBe(404);
    const unknown = await t.app.inject({ url: '/api/admin/customers/not-an-id', headers: owner.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Customer not found');
    expect((await list('page=1', packer.headers)).statusCode).toBe(403);
    expect((await list('page=1', support.headers)).statusCode).toBe(200);
  });
});
