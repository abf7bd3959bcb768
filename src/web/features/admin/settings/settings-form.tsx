/**
 * The shop settings form: the shop's identity (legal name, address, state, GSTIN,
 * invoice prefix), support contacts, and the cash-on-delivery, delivery and GST sections. One
 * zod schema with the server (src/core/schemas/settings.ts); each field's error shows under it,
 * including the ones the server sends back. Pincode lists are typed into textareas. GST slabs can be
 * added (before the last, which has no upper limit; at most 5) and removed; the
 * low-stock threshold sets what the dashboard and the daily mail call low.
 * Without 'settings.tax' (a manager), the fields that print on invoices (`TAX_SETTINGS_FIELDS`) are
 * shown read-only with a note and sent back unchanged; the server refuses a change of them anyway.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useBlocker } from 'react-router';
import { gstStateCode } from '../../../../core/gstin';
import { documentNumber, financialYearOf } from '../../../../core/financial-year';
import { formatINR } from '../../../../core/money';
import {
  MAX_LOW_STOCK_THRESHOLD,
  MAX_RETURN_WINDOW_DAYS,
  shopSettingsSchema,
  type ShopSettings,
  type ShopSettingsData,
  type ShopSettingsInput,
} from '../../../../core/schemas/settings';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Select } from '../../../components/ui/field';
import { StateOptions } from '../../../components/ui/state-options';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { CheckField, TextAreaField } from '../catalog-form-controls';
import { useSaveShopSettings } from './api';
import { BackInStockSettings } from './back-in-stock-settings';
import { CodAdvanceFields } from './cod-advance-fields';
import { CodConfirmationFields } from './cod-confirmation-fields';
import { CartReminderSettings } from './cart-reminder-settings';
import { PrepaidDiscountSettings } from './prepaid-discount-settings';
import { StoreCreditSettings } from './store-credit-settings';
import { WhatsAppTemplatesFields } from './whatsapp-templates-fields';

/** The form's values for `settings` (pincode lists as one per line). */
function formValues(settings: ShopSettings): ShopSettingsInput {
  return {
    ...settings,
    state: settings.state || (undefined as unknown as ShopSettingsInput['state']),
    cod: { ...settings.cod, blockedPincodes: settings.cod.blockedPincodes.join('\n') },
    delivery: { ...settings.delivery, nonServiceablePincodes: settings.delivery.nonServiceablePincodes.join('\n') },
  };
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-stone-500">{description}</p> : null}
      {children}
    </fieldset>
  );
}

const num = { valueAsNumber: true } as const;

/** Most GST slabs the server accepts. */
const MAX_SLABS = 5;

/** The delivery section's day counts, in the order the form shows them. */
const DELIVERY_DAYS = [
  ['dispatchDays', 'Dispatch days'],
  ['transitDaysWithinState', "Transit days within the shop's state"],
  ['transitDaysMetros', 'Transit days to metros'],
  ['transitDaysRest', 'Transit days to the rest of India'],
] as const;

/** A read-only value of a field only the owner may change. */
function Fixed({ label, value, error }: { label: string; value: ReactNode; error?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 break-words text-sm whitespace-pre-line text-stone-900">
        {value || <span className="text-stone-400">Not set</span>}
      </dd>
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </div>
  );
}

const OWNER_ONLY = 'Only the owner can change these: they print on GST invoices and credit notes.';

/**
 * Edits and saves the settings; `settings` are the ones loaded. `mayChangeTax`: the signed-in role
 * holds 'settings.tax' (else the tax fields are read-only).
 */
export function SettingsForm({ settings, mayChangeTax }: { settings: ShopSettings; mayChangeTax: boolean }) {
  const save = useSaveShopSettings();
  const form = useForm<ShopSettingsInput, unknown, ShopSettingsData>({
    resolver: zodResolver(shopSettingsSchema),
    defaultValues: formValues(settings),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const state = form.watch('state');
  const invoicePrefix = form.watch('invoicePrefix');
  const unsaved = isDirty && !isSubmitting;
  // Leaving with unsaved changes asks first: another admin page (the router) or another site (the browser).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const stateCode = state ? gstStateCode(state) : null;
  const slabFields = useFieldArray({ control: form.control, name: 'tax.slabs' });
  const slabs = useWatch({ control: form.control, name: 'tax.slabs' });

  /** A new slab goes before the last one (which has no upper limit), limit and rate to fill in. */
  const addSlab = () => slabFields.insert(slabFields.fields.length - 1, { upTo: Number.NaN, rate: Number.NaN }, { shouldFocus: true });
  /** Removes slab `i`; when it was the last, the one before becomes the last and loses its limit. */
  const removeSlab = (i: number) => {
    const last = slabFields.fields.length - 1;
    if (i === last) form.setValue(`tax.slabs.${i - 1}.upTo`, null);
    slabFields.remove(i);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(formValues(saved));
      toast.success('Settings saved');
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) form.setError(field as Path<ShopSettingsInput>, { message });
      }
      toast.error(errorMessage(error, 'Failed to save settings'));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
      {!mayChangeTax ? (
        <Section title="Shop" description={`Printed on invoices and shown to shoppers. ${OWNER_ONLY}`}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fixed label="Legal name" value={settings.legalName} error={errors.legalName?.message} />
            <Fixed label="State" value={settings.state} error={errors.state?.message} />
            <div className="sm:col-span-2">
              <Fixed label="Address" value={settings.address} error={errors.address?.message} />
            </div>
            <Fixed label="GSTIN" value={settings.gstin} error={errors.gstin?.message} />
            <Fixed label="Invoice prefix" value={settings.invoicePrefix} error={errors.invoicePrefix?.message} />
          </dl>
        </Section>
      ) : (
        <Section title="Shop" description="Printed on invoices and shown to shoppers.">
          <Input label="Legal name" autoComplete="organization" error={errors.legalName?.message} {...form.register('legalName')} />
          <TextAreaField
            label="Address"
            rows={3}
            autoComplete="street-address"
            error={errors.address?.message}
            {...form.register('address')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label="State" error={errors.state?.message} {...form.register('state')}>
              <StateOptions />
            </Select>
            <Input
              label="GSTIN"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              hint={stateCode ? `15 characters, starting with ${stateCode} for ${state}` : '15 characters'}
              error={errors.gstin?.message}
              {...form.register('gstin')}
            />
            <Input
              label="Invoice prefix"
              hint={`This year's first invoice reads ${documentNumber(invoicePrefix?.trim() || 'RM', financialYearOf(new Date()), 1)}`}
              error={errors.invoicePrefix?.message}
              {...form.register('invoicePrefix')}
            />
          </div>
        </Section>
      )}

      <Section title="Support">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Support email"
            type="email"
            autoComplete="email"
            error={errors.supportEmail?.message}
            {...form.register('supportEmail')}
          />
          <Input
            label="Support phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.supportPhone?.message}
            {...form.register('supportPhone')}
          />
          <Input
            label="WhatsApp number"
            type="tel"
            inputMode="tel"
            error={errors.whatsappNumber?.message}
            {...form.register('whatsappNumber')}
          />
        </div>
      </Section>

      <Section title="Cash on delivery">
        <CheckField label="Offer cash on delivery" {...form.register('cod.enabled')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Input
            label="Highest order total (₹)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            error={errors.cod?.maxOrderTotal?.message}
            {...form.register('cod.maxOrderTotal', num)}
          />
          <Input
            label="Undelivered COD orders per shopper"
            type="number"
            inputMode="numeric"
            min={0}
            error={errors.cod?.maxOpenOrders?.message}
            {...form.register('cod.maxOpenOrders', num)}
          />
          <Input
            label="COD fee (₹)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            error={errors.cod?.fee?.message}
            {...form.register('cod.fee', num)}
          />
        </div>
        <TextAreaField
          label="Pincodes without COD"
          rows={3}
          hint="6-digit pincodes, separated by commas, spaces or new lines"
          error={errors.cod?.blockedPincodes?.message}
          {...form.register('cod.blockedPincodes')}
        />
        <CodConfirmationFields form={form} />
        <CodAdvanceFields form={form} />
      </Section>

      <Section title="Delivery" description="Working days, used for the delivery estimates shoppers see.">
        <div className="grid gap-4 sm:grid-cols-2">
          {DELIVERY_DAYS.map(([key, label]) => (
            <Input
              key={key}
              label={label}
              type="number"
              inputMode="numeric"
              min={0}
              error={errors.delivery?.[key]?.message}
              {...form.register(`delivery.${key}`, num)}
            />
          ))}
        </div>
        <TextAreaField
          label="Non-serviceable pincodes"
          rows={3}
          hint="6-digit pincodes, separated by commas, spaces or new lines"
          error={errors.delivery?.nonServiceablePincodes?.message}
          {...form.register('delivery.nonServiceablePincodes')}
        />
      </Section>

      {!mayChangeTax ? (
        <Section title="GST" description={`Rates on the selling price per piece after discount; prices include GST. ${OWNER_ONLY}`}>
          <ol className="space-y-1 text-sm text-stone-900" aria-label="GST slabs">
            {settings.tax.slabs.map((slab, i) => (
              <li key={i}>
                {slab.rate}% {slab.upTo === null ? (i === 0 ? 'on every price' : 'above that') : `up to ${formatINR(slab.upTo)} a piece`}
              </li>
            ))}
          </ol>
        </Section>
      ) : (
        <Section title="GST" description="Rates on the selling price per piece after discount; prices include GST.">
          <ol className="space-y-4" aria-label="GST slabs">
            {slabFields.fields.map((field, i) => {
              const last = i === slabFields.fields.length - 1;
              const slabErrors = errors.tax?.slabs?.[i];
              const before = slabs[i - 1]?.upTo;
              return (
                <li key={field.id} className="grid items-start gap-4 rounded-lg border border-stone-200 p-3 sm:grid-cols-[1fr_1fr_auto]">
                  {last ? (
                    <p className="text-sm text-stone-600 sm:self-center">
                      <span className="font-medium text-stone-800">Slab {i + 1}: </span>
                      {i === 0 ? 'every price' : `above ${Number.isFinite(before) ? formatINR(before ?? 0) : 'the slab before'} a piece`}
                    </p>
                  ) : (
                    <Input
                      label={`Slab ${i + 1}: up to (₹ per piece)`}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min={0}
                      error={slabErrors?.upTo?.message}
                      {...form.register(`tax.slabs.${i}.upTo`, num)}
                    />
                  )}
                  <Input
                    label={`Slab ${i + 1}: GST rate (%)`}
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min={0}
                    error={slabErrors?.rate?.message}
                    {...form.register(`tax.slabs.${i}.rate`, num)}
                  />
                  {slabFields.fields.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="justify-self-start text-red-700 sm:mt-7"
                      onClick={() => removeSlab(i)}
                      aria-label={`Remove GST slab ${i + 1}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {slabFields.fields.length < MAX_SLABS ? (
            <div>
              <Button variant="outline" size="sm" onClick={addSlab}>
                + Add slab
              </Button>
              <p className="mt-1.5 text-xs text-stone-500">A new slab goes before the last one, which has no upper limit.</p>
            </div>
          ) : null}
          {errors.tax?.slabs?.message ? <p className="text-sm text-red-600">{errors.tax.slabs.message}</p> : null}
        </Section>
      )}

      <Section title="Stock alerts" description="Low stock is listed on the dashboard and mailed to every admin daily at 9:00 IST.">
        <Input
          label="Low-stock threshold (pieces)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LOW_STOCK_THRESHOLD}
          className="sm:max-w-xs"
          hint="A size with this many pieces or fewer counts as low; 0 means sold out only"
          error={errors.inventory?.lowStockThreshold?.message}
          {...form.register('inventory.lowStockThreshold', num)}
        />
      </Section>

      <BackInStockSettings form={form} />

      <Section
        title="Returns and exchanges"
        description="The refund and shipping policy pages state these, and the order page offers returns by them."
      >
        <Input
          label="Return window (days after delivery)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_RETURN_WINDOW_DAYS}
          className="sm:max-w-xs"
          hint="0: only damaged or wrong items, reported within 24 hours"
          error={errors.returns?.windowDays?.message}
          {...form.register('returns.windowDays', num)}
        />
        <CheckField label="Offer size exchanges" {...form.register('returns.sizeExchanges')} />
      </Section>

      <StoreCreditSettings form={form} />
      <CartReminderSettings form={form} />
      <PrepaidDiscountSettings form={form} />
      <WhatsAppTemplatesFields form={form} />

      <div className="sticky bottom-0 z-10 flex items-center justify-end gap-3 rounded-xl border border-stone-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:px-6">
        <p className="mr-auto text-sm text-stone-600" aria-live="polite">
          {isDirty ? 'You have unsaved changes' : ''}
        </p>
        <Button type="submit" loading={isSubmitting} className="shrink-0">
          Save settings
        </Button>
      </div>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        message="Your changes to the settings will be lost."
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </form>
  );
}
