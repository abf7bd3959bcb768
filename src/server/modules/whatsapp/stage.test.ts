import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { whatsappMessages, whatsappOptOuts } from '../../db/schema';
import { dispatchWhatsAppButton, registerWhatsAppButton } from '../../integrations/whatsapp/buttons';
import { stageWhatsApp, templateText, whatsappNumber } from '../../integrations/whatsapp/outbox';
import { setWhatsAppTemplates } from './test-templates';

// The staging rules of integrations/whatsapp/outbox.ts (docs/architecture.md#whatsapp).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stageWhatsApp', () => {
  it('answers no_template while the kind has no template in the settings', async () => {
    const result = await stageWhatsApp(t.db, { kind: 'order_placed', to: '9845012345', params: ['Asha'] });
    expect(result).toEqual({ staged: false, reason: 'no_template' });
  });

  it('stages a guest service message with the template, the number as 91XXXXXXXXXX and the components', async () => {
    await setWhatsAppTemplates(t.db, ['order_placed', 'cart_reminder', 'cod_confirmation']);
    const result = await stageWhatsApp(t.db, {
      kind: 'cod_confirmation',
      to: '+91 98450 12345',
      params: ['Asha', 'line one\nline two'],
      buttons: [
        { type: 'quick_reply', payload: 'cod:confirm:1' },
        { type: 'quick_reply', payload: 'cod:cancel:1' },
      ],
    });
    expect(result.staged).toBe(true);
    const [row] = await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, result.staged ? result.id : ''));
    expect(row).toMatchObject({
      to: '919845012345',
      templateName: 'rangmanch_cod_confirmation',
      language: 'en',
      status: 'queued',
      marketing: false,
    });
    expect(row.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Asha' },
          { type: 'text', text: 'line one line two' },
        ],
      },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'cod:confirm:1' }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'cod:cancel:1' }] },
    ]);
  });

  it('refuses a number that is not an Indian mobile', async () => {
    expect(await stageWhatsApp(t.db, { kind: 'order_placed', to: '12345', params: [] })).toEqual({ staged: false, reason: 'bad_number' });
  });

  it('needs the updates consent for a service message and the offers consent for marketing', async () => {
    const { user: none } = await createUser(t.app, t.db);
    const { user: updates } = await createUser(t.app, t.db, { whatsappUpdates: true });
    const { user: both } = await createUser(t.app, t.db, { whatsappUpdates: true, whatsappOffers: true });
    const stage = (kind: 'order_placed' | 'cart_reminder', userId: string) =>
      stageWhatsApp(t.db, { kind, to: '9845012345', params: ['x'], userId });
    expect(await stage('order_placed', none.id)).toEqual({ staged: false, reason: 'no_consent' });
    expect((await stage('order_placed', updates.id)).staged).toBe(true);
    expect(await stage('cart_reminder', updates.id)).toEqual({ staged: false, reason: 'no_consent' });
    expect((await stage('cart_reminder', both.id)).staged).toBe(true);
  });

  it('never stages marketing to a number that sent STOP, still order updates', async () => {
    await t.db.insert(whatsappOptOuts).values({ phone: '919812300000' });
    const { user } = await createUser(t.app, t.db, { whatsappUpdates: true, whatsappOffers: true, phone: '9812300000' });
    expect(await stageWhatsApp(t.db, { kind: 'cart_reminder', to: '9812300000', params: [], userId: user.id })).toEqual({
      staged: false,
      reason: 'opted_out',
    });
    expect(await stageWhatsApp(t.db, { kind: 'cart_reminder', to: '9812300000', params: [] })).toEqual({
      staged: false,
      reason: 'opted_out',
    });
    expect((await stageWhatsApp(t.db, { kind: 'order_placed', to: '9812300000', params: [], userId: user.id })).staged).toBe(true);
  });

  it('stages nothing when the transaction rolls back', async () => {
    const before = (await t.db.select().from(whatsappMessages)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await stageWhatsApp(tx, { kind: 'order_placed', to: '9845012345', params: [] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db.select().from(whatsappMessages)).toHaveLength(before);
  });
});

describe('whatsapp helpers', () => {
  it('normalises numbers and cleans parameters as the Cloud API accepts them', () => {
    expect(whatsappNumber('098450-12345')).toBe('919845012345');
    expect(whatsappNumber('919845012345')).toBe('919845012345');
    expect(whatsappNumber('5845012345')).toBeNull();
    expect(templateText('a\tb      c')).toBe('a b    c');
    expect(templateText('  ')).toBe('-');
  });

  it('dispatches a button reply to the handler of its prefix', async () => {
    const seen: string[] = [];
    registerWhatsAppButton('test-prefix', ({ payload, from }) => void seen.push(`${payload} ${from}`));
    expect(await dispatchWhatsAppButton({ payload: 'test-prefix:yes:42', from: '919845012345', app: t.app })).toBe(true);
    expect(await dispatchWhatsAppButton({ payload: 'nobody:yes', from: '919845012345', app: t.app })).toBe(false);
    expect(seen).toEqual(['test-prefix:yes:42 919845012345']);
    expect(() => registerWhatsAppButton('test-prefix', () => undefined)).toThrow(/already registered/);
  });
});
