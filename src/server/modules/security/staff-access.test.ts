import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../../../core/permissions';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { declaredPermissionCheck, missingPermission, type AdminRoute } from '../../setup/api';

// Staff roles against the admin routes (docs/decisions/0023-staff-roles.md), generated from the
// routes the admin scope registered (app.adminRoutes, each with the permission it declares) and
// the role table (core/permissions.ts): every role on every admin route answers 403 naming the
// permission when the role lacks it, and anything but 401/403 (the route's own 2xx or 4xx) when it
// holds it. A new admin route is covered by being registered; one without a permission stops the
// server from starting.

let t: TestApp;
const staff = {} as Record<StaffRole, Record<string, string>>;
let customer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) staff[role] = (await createUser(t.app, t.db, { role, name: `Staff ${role}` })).headers;
  customer = (await createUser(t.app, t.db)).headers;
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
const request = (route: AdminRoute, headers: Record<string, string>) =>
  t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {}, headers });

describe('staff roles on the admin routes', () => {
  it('knows the admin routes, each with a known permission', () => {
    expect(t.app.adminRoutes.length).toBeGreaterThan(50);
    for (const route of t.app.adminRoutes) expect(PERMISSIONS).toContain(route.permission);
    // Every permission guards at least one route but two, checked inside a route instead: the
    // dashboard leaves out its money figures without dashboard.revenue, and a settings save that
    // changes what invoices print needs settings.tax (docs/decisions/0023-staff-roles.md).
    const used = new Set(t.app.adminRoutes.map((r) => r.permission));
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual(['dashboard.revenue', 'settings.tax']);
  });

  it('answers 403 naming the permission exactly when the role lacks it', async () => {
    const failures: string[] = [];
    for (const route of t.app.adminRoutes) {
      for (const role of STAFF_ROLES) {
        const res = await request(route, staff[role]);
        const key = `${role} ${route.method} ${route.url} (${route.permission})`;
        if (can(role, route.permission)) {
          if (res.statusCode === 401 || res.statusCode === 403) failures.push(`${key} -> ${res.statusCode}, expected through`);
          if (res.statusCode >= 500) failures.push(`${key} -> ${res.statusCode}`);
        } else if (res.statusCode !== 403) failures.push(`${key} -> ${res.statusCode}, expected 403`);
        else if (res.json().message !== missingPermission(route.permission)) failures.push(`${key}: message ${res.json().message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('still answers a customer 403 and a guest 401 on every admin route', async () => {
    const failures: string[] = [];
    for (const route of t.app.adminRoutes) {
      const asCustomer = await request(route, customer);
      if (asCustomer.statusCode !== 403 || asCustomer.json().message !== 'Access denied. Admin privileges required.') {
        failures.push(`customer ${route.method} ${route.url} -> ${asCustomer.statusCode}`);
      }
      const asGuest = await request(route, {});
      if (asGuest.statusCode !== 401) failures.push(`guest ${route.method} ${route.url} -> ${asGuest.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("tells the signed-in user their role's permissions", async () => {
    for (const role of STAFF_ROLES) {
      const me = (await t.app.inject({ url: '/api/users/me', headers: staff[role] })).json();
      expect(me.role).toBe(role);
      expect([...me.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
    }
    const me = (await t.app.inject({ url: '/api/users/me', headers: customer })).json();
    expect(me).toMatchObject({ role: 'customer', permissions: [] });
  });
});

describe('the role table', () => {
  it('gives the owner everything, the manager neither staff, tax nor the audit log, and no refunds or exports to fulfilment', () => {
    expect(permissionsOf('owner')).toEqual([...PERMISSIONS]);
    expect(can('manager', 'staff.manage') || can('manager', 'settings.tax') || can('manager', 'audit.read')).toBe(false);
    expect(can('manager', 'orders.refund') && can('support', 'orders.refund')).toBe(true);
    for (const p of ['orders.refund', 'customers.export', 'catalog.write', 'coupons.write'] as const)
      expect(can('fulfilment', p)).toBe(false);
    expect(permissionsOf('content').some((p) => p.startsWith('orders.'))).toBe(false);
    expect(permissionsOf('customer')).toEqual([]);
    expect(permissionsOf('admin')).toEqual([]);
  });
});

describe('the admin scope at startup', () => {
  it('refuses to start with an admin route that declares no permission', async () => {
    const app = Fastify();
    const seen: AdminRoute[] = [];
    app.register(async (admin) => {
      admin.addHook('onRoute', declaredPermissionCheck(seen));
      admin.get('/api/admin/declared', { config: { permission: 'orders.read' } }, async () => ({}));
      admin.get('/api/admin/forgotten', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('Admin route GET /api/admin/forgotten declares no permission');
    expect(seen).toEqual([{ method: 'GET', url: '/api/admin/declared', permission: 'orders.read' }]);
  });
});
