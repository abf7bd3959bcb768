import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

const unique = () => Math.random().toString(36).slice(2, 8);

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/categories', headers: admin, payload });
const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/categories/${id}`, headers: admin, payload });
const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: admin });
const adminList = async () => (await t.app.inject({ url: '/api/categories/admin/all', headers: admin })).json<Record<string, unknown>[]>();
const publicList = async () => (await t.app.inject('/api/categories')).json<{ _id: string }[]>();

describe('POST /api/categories', () => {
  it('creates a main category and a subcategory, answering 201 with the saved category', async () => {
    let res = await post({ name: '  Women  ', parentId: null, description: 'Everything for her', isActive: true });
    expect(res.statusCode).toBe(201);
    const women = res.json();
    expect(women).toEqual({
      _id: expect.any(String),
      name: 'Women',
      handle: 'women',
      parentId: null,
      description: 'Everything for her',
      isActive: true,
      sizeChart: null,
    });

    res = await post({ name: 'Kurtis', parentId: women._id, description: '', isActive: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Kurtis', parentId: women._id, description: null, isActive: false });
  });

  it('fills defaults: no parent, no description, active', async () => {
    const res = await post({ name: `Plain ${unique()}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ parentId: null, description: null, isActive: true });
  });

  it('needs a name', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Category name is required');
      expect(res.json().errors).toEqual({ name: 'Category name is required' });
    }
  });

  it('refuses a name that exists in any letter case (409)', async () => {
    const name = `Ethnic Wear ${unique()}`;
    expect((await post({ name })).statusCode).toBe(201);
    const res = await post({ name: name.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Category name already exists');
  });

  it('lets only one of several simultaneous creates with one name through', async () => {
    const name = `Race ${unique()}`;
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => post({ name: i % 2 ? name : name.toLowerCase() })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('Category name already exists');
  });

  it('allows two levels only: the parent must exist and be a main category', async () => {
    const top = await createCategory(t.db);
    const child = await createCategory(t.db, { parentId: top.id });
    let res = await post({ name: `Third ${unique()}`, parentId: child.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only two category levels are allowed');

    res = await post({ name: `Orphan ${unique()}`, parentId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Parent category not found');
    res = await post({ name: `Orphan ${unique()}`, parentId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Parent category not found');
  });

  it('accepts the parent as a populated object, as a resent record carries it', async () => {
    const top = await createCategory(t.db);
    const res = await post({ name: `Child ${unique()}`, parentId: { _id: top.id, name: top.name } });
    expect(res.statusCode).toBe(201);
    expect(res.json().parentId).toBe(top.id);
  });
});

describe('PUT /api/categories/:id', () => {
  it('updates fields and toggles active, which hides the category from the public list', async () => {
    const cat = (await post({ name: `Festive ${unique()}`, description: 'For Diwali' })).json();
    expect((await publicList()).map((c) => c._id)).toContain(cat._id);

    let res = await put(cat._id, { ...cat, isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...cat, isActive: false });
    expect((await publicList()).map((c) => c._id)).not.toContain(cat._id);
    expect((await adminList()).find((c) => c._id === cat._id)).toMatchObject({ isActive: false });

    res = await put(cat._id, { ...cat, name: `${cat.name} Edit`, description: null, isActive: true });
    expect(res.json()).toMatchObject({ name: `${cat.name} Edit`, description: null, isActive: true });
    expect((await publicList()).map((c) => c._id)).toContain(cat._id);
  });

  it('keeps its own name in another case, but not another category’s', async () => {
    const a = (await post({ name: `Lehenga ${unique()}` })).json();
    const b = (await post({ name: `Saree ${unique()}` })).json();
    let res = await put(a._id, { name: a.name.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(a.name.toLowerCase());
    res = await put(a._id, { name: b.name.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Category name already exists');
  });

  it('refuses itself as parent, a third level, and a category with children becoming a child', async () => {
    const top = (await post({ name: `Men ${unique()}` })).json();
    const other = (await post({ name: `Kids ${unique()}` })).json();
    const child = (await post({ name: `Shirts ${unique()}`, parentId: top._id })).json();

    let res = await put(top._id, { ...top, parentId: top._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A category cannot be its own parent');

    res = await put(other._id, { ...other, parentId: child._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only two category levels are allowed');

    res = await put(top._id, { ...top, parentId: other._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only two category levels are allowed');

    // Moving a leaf under another main category is fine, and so is making it main again.
    res = await put(child._id, { ...child, parentId: other._id });
    expect(res.statusCode).toBe(200);
    expect(res.json().parentId).toBe(other._id);
    res = await put(child._id, { ...child, parentId: null });
    expect(res.json().parentId).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await put(id, { name: `Any ${unique()}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Category not found');
    }
  });
});

describe('DELETE /api/categories/:id', () => {
  it('deletes an unused category', async () => {
    const cat = (await post({ name: `Temp ${unique()}` })).json();
    const res = await del(cat._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: cat._id, message: 'Category deleted successfully' });
    expect((await adminList()).map((c) => c._id)).not.toContain(cat._id);
    expect((await del(cat._id)).statusCode).toBe(404);
  });

  it('refuses a category with subcategories or products (409 saying why)', async () => {
    const top = await createCategory(t.db);
    await createCategory(t.db, { parentId: top.id });
    let res = await del(top.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This category has 1 subcategory. Move or delete it first.');
    await createCategory(t.db, { parentId: top.id });
    res = await del(top.id);
    expect(res.json().message).toBe('This category has 2 subcategories. Move or delete them first.');

    const used = await createCategory(t.db);
    await createProduct(t.db, { categoryIds: [used.id] });
    res = await del(used.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This category has 1 product. Move it to another category first.');
    await createProduct(t.db, { categoryIds: [used.id], isActive: false });
    res = await del(used.id);
    expect(res.json().message).toBe('This category has 2 products. Move them to another category first.');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x'.repeat(40)]) {
      const res = await del(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Category not found');
    }
  });
});

describe('GET /api/categories/admin/all', () => {
  it('lists every category, inactive too, parents then their children, with product and child counts', async () => {
    const parent = await createCategory(t.db, { name: `AAA Parent ${unique()}`, isActive: false });
    const kid = await createCategory(t.db, { name: `Kid ${unique()}`, parentId: parent.id });
    await createProduct(t.db, { categoryIds: [kid.id] });
    await createProduct(t.db, { categoryIds: [kid.id, parent.id], isActive: false });

    const list = await adminList();
    const pi = list.findIndex((c) => c._id === parent.id);
    expect(list[pi]).toEqual({
      _id: parent.id,
      name: parent.name,
      handle: parent.handle,
      parentId: null,
      description: null,
      isActive: false,
      productCount: 1,
      childCount: 1,
      sizeChart: null,
    });
    expect(list[pi + 1]).toMatchObject({ _id: kid.id, parentId: parent.id, productCount: 2, childCount: 0 });
    // Parents come before their children throughout.
    const seen = new Set<unknown>();
    for (const c of list) {
      if (c.parentId) expect(seen.has(c.parentId)).toBe(true);
      seen.add(c._id);
    }
  });
});
