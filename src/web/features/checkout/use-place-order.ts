/**
 * The checkout's payment flow (routes/checkout.tsx): which payment methods the order may use, and
 * "Pay" / "Place order": the delivery address is checked, then either a Cash on Delivery order is
 * placed at once or a Razorpay order is created, the Razorpay widget opened and the payment verified
 * (docs/architecture.md "Checkout"). A placed order opens its order-placed page
 * (/orders/{id}/confirmed); a refusal is shown above the pay button.
 */
import { codAdvancePaise, codParts } from '../../../core/cod-advance';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { CouponResult, PricingSummary, User } from '../../../core/api-types';
import { codRefusal } from '../../../core/cod-eligibility';
import { toPaise, toRupees } from '../../../core/money';
import type { LineItemInput, ShippingAddress, ShippingAddressInput } from '../../../core/schemas/checkout';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { cartQueryKey } from '../cart/api';
import { addressDefaults, savedShippingAddress } from './address-form';
import { usePublicSettings, type CreateOrderBody } from './api';
import { useCodRefusedReason } from './cod-availability';
import type * as PlaceOrderModule from './place-order';
import type { PayOutcome } from './place-order';
import { useWhatsAppConsent } from './whatsapp-consent';

/** The address schema, loaded with the form's first check (it brings zod). */
const loadAddressSchema = () => import('../../../core/schemas/checkout').then((m) => m.shippingAddressSchema);

/** The new-address form of the checkout page. */
export type AddressForm = UseFormReturn<ShippingAddressInput, unknown, ShippingAddress>;

/**
 * The Cash on Delivery option: the shop's COD settings (undefined until loaded), its fee, the order
 * total with the fee (rupees), why COD cannot be chosen (the server's words, core/cod-eligibility.ts)
 * and whether the shopper is paying by COD now.
 */
export function useCodOption(summary: PricingSummary | null) {
  const [method, setMethod] = useState<'online' | 'cod'>('online');
  const settings = usePublicSettings();
  const cod = settings.data?.cod;
  const fee = cod?.fee ?? 0;
  const total = summary ? toRupees(toPaise(summary.grandTotal) + toPaise(fee)) : null;
  const refused = useCodRefusedReason();
  const unavailable = refused ?? (cod ? codRefusal(cod, total === null ? {} : { totalPaise: toPaise(total) }) : null);
  const paying = method === 'cod' && cod !== undefined && unavailable === null;
  return { cod, fee, total, unavailable, paying, setMethod, advanceRule: settings.data?.codAdvance };
}

/**
 * Part-paid COD (docs/architecture.md#part-paid-cod): the advance and the cash part (rupees) of the COD
 * option with `creditSpend` rupees of store credit, or null when no advance applies (core/cod-advance.ts;
 * the server decides in the end).
 */
export function codSplit(option: Pick<CodOption, 'total' | 'advanceRule'>, creditSpend: number): { advance: number; cash: number } | null {
  if (!option.advanceRule || option.total === null) return null;
  const order = { grandTotalPaise: toPaise(option.total), storeCreditPaise: toPaise(creditSpend) };
  const advance = codAdvancePaise(option.advanceRule, order);
  if (advance <= 0) return null;
  const { cash } = codParts({ ...order, codAdvancePaise: advance });
  return { advance: toRupees(advance), cash: toRupees(cash) };
}

type CodOption = ReturnType<typeof useCodOption>;

/** What the payment flow needs of the checkout page. */
export interface PlaceOrderOptions {
  user: User;
  fromBuyNow: boolean;
  items: LineItemInput[];
  razorpayCheckoutUrl: string;
  coupon: string | null;
  couponResult: CouponResult | undefined;
  /** Place a Cash on Delivery order rather than pay online. */
  payingCod: boolean;
  /** Spend store credit; `coversAll`: it pays the whole order (docs/architecture.md#store-credit). */
  storeCredit?: { use: boolean; coversAll: boolean };
}

/** The delivery address step: the saved address or the new-address form, and whether to save a new one. */
interface AddressState {
  form: AddressForm;
  /** The saved profile address, when there is one. */
  saved: ShippingAddressInput | null;
  addressChoice: 'saved' | 'new';
  setAddressChoice: (choice: 'saved' | 'new') => void;
  /** Save a new address to the profile once the order is placed. */
  saveAddress: boolean;
}

const resolver = lazyZodResolver(loadAddressSchema);

/** The saved address, or the new-address form submitted and valid; null (with the reason shown) when not. */
async function resolveAddress(opts: AddressState, setPayError: (message: string) => void): Promise<ShippingAddress | null> {
  if (opts.addressChoice === 'saved' && opts.saved) {
    const parsed = (await loadAddressSchema()).safeParse(opts.saved);
    if (parsed.success) return parsed.data;
    opts.setAddressChoice('new');
    setPayError('Your saved address is incomplete. Please enter a new address.');
    return null;
  }
  // A submit (not just a check): fields then re-validate as the shopper corrects them.
  let address: ShippingAddress | null = null;
  await opts.form.handleSubmit((values) => {
    address = values;
  })();
  return address;
}

/**
 * The address step's state and the Pay button's: `processing` while an order is placed, `payError`
 * the last refusal, `onPay` places the order.
 */
export function usePlaceOrder(props: PlaceOrderOptions) {
  const saved = useMemo(() => savedShippingAddress(props.user), [props.user]);
  const [addressChoice, setAddressChoice] = useState<'saved' | 'new'>(saved ? 'saved' : 'new');
  // Offered with the new-address form; on by default when the profile has no address yet.
  const [saveAddress, setSaveAddress] = useState(!props.user.address);
  const form = useForm<ShippingAddressInput, unknown, ShippingAddress>({
    resolver,
    defaultValues: addressDefaults(props.user),
    mode: 'onTouched',
  });
  useEffect(() => resolver.preload(), []);
  const opts = { ...props, form, saved, addressChoice, setAddressChoice, saveAddress };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  // One key per visit: a retried or double-clicked "Place order" gets the same COD order back.
  const [codKey] = useState(() => crypto.randomUUID());
  // The WhatsApp boxes under the payment step (features/checkout/whatsapp-consent.tsx).
  const whatsapp = useWhatsAppConsent();

  const onPay = async () => {
    setPayError(null);
    const usedNewAddress = opts.addressChoice === 'new';
    const shippingAddress = await resolveAddress(opts, setPayError);
    if (!shippingAddress) return;
    setProcessing(true);
    const body: CreateOrderBody = {
      currency: 'INR',
      items: opts.items,
      email: shippingAddress.email,
      phone: shippingAddress.phone,
      fromBuyNow: opts.fromBuyNow,
      shippingAddress,
      ...whatsapp.body,
      ...(opts.coupon && opts.couponResult?.valid ? { couponCode: opts.coupon } : {}),
      ...(opts.storeCredit?.use ? { useStoreCredit: true } : {}),
    };
    // What places the order loads now, on the first press (place-order.ts: not in the page's first load).
    let actions: typeof PlaceOrderModule;
    try {
      actions = await import('./place-order');
    } catch (error) {
      if (opts.payingCod) void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      setPayError(errorMessage(error, opts.payingCod ? 'Could not place the order' : 'Failed to create payment order'));
      setProcessing(false);
      return;
    }
    const outcome: PayOutcome = {
      // The order-placed page says what was placed, what to pay and when it arrives (routes/order-confirmed.tsx).
      placed: async (orderId) => {
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['store-credit'] });
        if (usedNewAddress && opts.saveAddress) await actions.saveToProfile(queryClient, opts.user, shippingAddress);
        await navigate(`/orders/${encodeURIComponent(orderId)}/confirmed`, { replace: true });
      },
      refused: (error, fallback) => {
        // A pincode of another state or not delivered to: under the field too.
        if (usedNewAddress && error instanceof ApiRequestError && error.errors?.pincode)
          opts.form.setError('pincode', { message: error.errors.pincode });
        outcome.failed(errorMessage(error, fallback));
      },
      failed: (message) => {
        setPayError(message);
        setProcessing(false);
      },
    };
    if (opts.storeCredit?.coversAll) await actions.placeWithStoreCredit(queryClient, body, codKey, outcome);
    else if (opts.payingCod) await actions.placeCod(queryClient, body, codKey, outcome, opts.razorpayCheckoutUrl);
    else await actions.payOnline(queryClient, opts.razorpayCheckoutUrl, body, outcome);
  };

  return { form, saved, addressChoice, setAddressChoice, saveAddress, setSaveAddress, processing, payError, onPay, whatsapp };
}
