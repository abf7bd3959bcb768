import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { createLoadContext } from '../../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the load context of server-rendered pages', () => {
  it('keeps the active categories until the catalogue changes, here or on another instance', async () => {
    const context = createLoadContext(t.db, t.app.config, t.app.settings, t.app.responseCache);
    await createCategory(t.db, { name: 'Kurtas' });
    const names = async () => (await context.catalog.listCategories()).map((c) => c.name);
    expect(await names()).toContain('Kurtas');

    // Written behind the shop's back: the kept list does not see it...
    await createCategory(t.db, { name: 'Sarees' });
    expect(await names()).not.toContain('Sarees');
    // ...until the catalogue's invalidation (an admin write, or another instance's) drops it.
    t.app.responseCache.invalidate();
    expect(await names()).toEqual(expect.arrayContaining(['Kurtas', 'Sarees']));
  });
});
