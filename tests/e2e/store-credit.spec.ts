/**
 * Store credit, one shopper's story (docs/architecture.md#store-credit): with the owner's setting on
 * "Shopper's choice" and a 10% bonus (set through the admin settings API, restored after), a
 * delivered order's return is asked as store credit on the order page, refunded by the shop at once
 * with the bonus, shown on the profile with its history, and spent on the next order, which the
 * credit pays in full ("Pay with store credit": no payment window). Screenshots at 1280 and 390 px
 * with SCREENSHOT_DIR.
 */
import type { Page } from '@playwright/test';
import { formatINR, toPaise, toRupees } from '../../src/core/money';
import type { Product } from '../../src/core/api-types';
import { addToCartApi, clearCartApi, DEMO_ADMIN, expect, logIn, signInPage, test } from './accounts-fixtures';
import { bearer, placeOrder } from './admin-api';

const SHOTS = process.env.SCREENSHOT_DIR;

/** The page at 1280 and at 390 px (a phone): nothing wider than the screen; screenshots with SCREENSHOT_DIR. */
async function shotsAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
test.describe.configure({ timeout: 180_000 });

test('a return refunded to store credit is spent on the next order', async ({ page, request, shopper }) => {
  const adminToken = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const admin = bearer(adminToken);
  const settings = (await (await request.get('/api/admin/settings', { headers: admin })).json()) as Record<string, unknown>;
  const { updatedAt: _updatedAt, ...body } = settings;
  const save = async (storeCredit: unknown) => {
    const res = await request.put('/api/admin/settings', { headers: admin, data: { ...body, storeCredit } });
    expect(res.status(), await res.text()).toBe(200);
  };
  try {
    await save({ refunds: 'choice', bonusPercent: 10 });
    const products = (await (await request.get('/api/products')).json()) as Product[];
    const inStock = products.flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3).map((v) => ({ p, v })));
    // The returned piece is the dearest; the next order is the cheapest, which the credit covers.
    const sorted = [...inStock].sort((a, b) => a.v.price - b.v.price);
    const dear = sorted.at(-1)!;
    const cheap = sorted[0];
    const order = await placeOrder(request, shopper, { productId: dear.p._id, variantId: dear.v._id });
    expect(
      (
        await request.post(`/api/orders/admin/${order._id}/shipments`, {
          headers: admin,
          data: { courier: 'dtdc', awb: `SC${Date.now()}` },
        })
      ).status(),
    ).toBe(201);
    expect((await request.post(`/api/orders/admin/${order._id}/delivered`, { headers: admin, data: {} })).status()).toBe(200);

    // The shopper asks for the return as store credit on the order page.
    await signInPage(page, shopper.token);
    await page.goto(`/orders/${order._id}`);
    await page.getByRole('region', { name: 'Returns and exchanges' }).getByRole('button', { name: 'Return or exchange' }).click();
    const ask = page.getByRole('dialog', { name: 'Return or exchange' });
    await expect(ask).toBeVisible();
    await ask.getByRole('checkbox').first().check();
    await ask.getByLabel('Reason').selectOption({ label: 'Too small' });
    await ask.getByLabel('Refund to store credit').check();
    const refundPaise = toPaise(order.totals.grandTotal);
    const bonusPaise = Math.floor((refundPaise * 10) / 100);
    await expect(ask.getByTestId('refund-preview')).toContainText('as store credit');
    await expect(ask.getByTestId('refund-preview')).toContainText(`Plus a ${formatINR(toRupees(bonusPaise))} bonus.`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/store-credit-return-${page.viewportSize()?.width}.png` });
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Return requested' }).first()).toBeVisible();

    // The shop approves, receives and refunds it: store credit at once, no Razorpay refund.
    const returns = (await (await request.get(`/api/orders/${order._id}/returns`, { headers: bearer(shopper.token) })).json()) as {
      _id: string;
    }[];
    const id = returns[0]._id;
    for (const step of ['approve', 'received', 'refund']) {
      const res = await request.post(`/api/admin/returns/${id}/${step}`, { headers: admin, data: {} });
      expect(res.status(), await res.text()).toBe(200);
    }
    const balance = toRupees(refundPaise + bonusPaise);

    // The profile shows the balance and its history.
    await page.goto('/profile');
    await expect(page.getByTestId('store-credit-balance')).toHaveText(formatINR(balance));
    const history = page.getByTestId('store-credit-history');
    await expect(history.getByText('Bonus on a refund')).toBeVisible();
    await expect(history.getByText('Refund', { exact: true })).toBeVisible();
    await shotsAtBothWidths(page, 'store-credit-profile');

    // The next order: the credit pays it in full.
    await clearCartApi(request, shopper.token);
    await addToCartApi(request, shopper.token, { productId: cheap.p._id, variantId: cheap.v._id, quantity: 1 });
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const useCredit = page.getByLabel(`Use store credit (${formatINR(balance)} available)`);
    await useCredit.check();
    await expect(page.getByText(/Your store credit pays the whole order/)).toBeVisible();
    await shotsAtBothWidths(page, 'store-credit-checkout');
    // The address: the saved one when the profile has it, else the form.
    const firstName = page.getByLabel('First name');
    if (await firstName.isVisible()) {
      await firstName.fill('Asha');
      await page.getByLabel('Last name').fill('Verma');
      await page.getByLabel('Address line 1').fill('12 MG Road');
      await page.getByLabel('Pincode').fill('560001');
      await expect(page.getByLabel('State')).toHaveValue('Karnataka');
    }
    await page.getByRole('button', { name: 'Pay with store credit' }).first().click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
    await expect(page.getByTestId('confirmed-payment')).toContainText(`Paid ${formatINR(cheap.v.price)} with store credit`);
    const account = (await (await request.get('/api/store-credit', { headers: bearer(shopper.token) })).json()) as {
      balance: number;
      history: { reason: string; amount: number }[];
    };
    expect(account.history[0]).toMatchObject({ reason: 'order' });
    expect(toPaise(account.balance)).toBe(refundPaise + bonusPaise + toPaise(account.history[0].amount));
    const placed = page.url().match(/orders\/([0-9a-f-]{36})\/confirmed/)![1];
    const next = (await (await request.get(`/api/orders/${placed}`, { headers: bearer(shopper.token) })).json()) as {
      payment: { method: string; storeCredit: number };
      totals: { grandTotal: number };
    };
    expect(next.payment).toMatchObject({ method: 'store_credit', storeCredit: next.totals.grandTotal });
  } finally {
    await save({ refunds: 'off', bonusPercent: 0 });
  }
});
