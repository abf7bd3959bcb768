/**
 * The inline add/edit coupon form: code, percent or flat amount (rupees), minimum
 * subtotal, maximum discount for percent coupons, start and end in India time, total uses, uses
 * per shopper, first order only, active and "Show in offers" (listed in the cart's public offers). Empty number and date fields mean "no limit". The
 * server decides uniqueness ('A coupon with this code already exists').
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { couponInputSchema, type AdminCoupon, type CouponBody, type CouponInput } from '../../../../core/schemas/coupons';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { CheckField } from '../catalog-form-controls';
import { couponBody, saveCoupon } from './api';

/** Props of CouponForm. */
export interface CouponFormProps {
  /** The coupon being edited, or null to add one. */
  coupon: AdminCoupon | null;
  onSaved: (saved: AdminCoupon) => void;
  onCancel: () => void;
}

/** An empty number field is null ("no limit"); otherwise its number. */
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

const NEW_COUPON: CouponInput = {
  code: '',
  kind: 'percent',
  percentOff: 10,
  amountOff: null,
  minSubtotal: 0,
  maxDiscount: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerShopper: 1,
  firstOrderOnly: false,
  isActive: true,
  showInOffers: false,
};

/** Add or edit a coupon. */
export function CouponForm({ coupon, onSaved, onCancel }: CouponFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CouponInput, unknown, CouponBody>({
    resolver: zodResolver(couponInputSchema),
    defaultValues: coupon ? couponBody(coupon) : NEW_COUPON,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const kind = watch('kind');

  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    setFocus('code');
  }, [setFocus]);

  const onSubmit = async (body: CouponBody) => {
    try {
      const saved = await saveCoupon(body, coupon?._id);
      toast.success(coupon ? 'Coupon updated successfully' : 'Coupon added successfully');
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.status === 409) setError('code', { type: 'server', message: error.message });
        for (const [field, message] of Object.entries(error.errors ?? {})) {
          if (field in NEW_COUPON) setError(field as keyof CouponInput, { type: 'server', message });
        }
      }
      toast.error(errorMessage(error, 'Failed to save coupon'));
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-labelledby="coupon-form-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 ref={headingRef} id="coupon-form-heading" className="scroll-mt-4 text-lg font-semibold text-stone-900">
        {coupon ? 'Edit Coupon' : 'Add New Coupon'}
      </h2>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <Input
          label="Code"
          autoComplete="off"
          className="[&_input]:uppercase"
          hint="4-20 letters A-Z or digits, saved in capitals"
          error={errors.code?.message}
          {...register('code')}
        />
        <Select label="Discount" error={errors.kind?.message} {...register('kind')}>
          <option value="percent">Percent off</option>
          <option value="flat">Flat amount off (₹)</option>
        </Select>
        {kind === 'percent' ? (
          <>
            <Input
              label="Percent off (%)"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              error={errors.percentOff?.message}
              {...register('percentOff', { setValueAs: numberOrNull })}
            />
            <Input
              label="Maximum discount (₹)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              hint="Empty: no cap"
              error={errors.maxDiscount?.message}
              {...register('maxDiscount', { setValueAs: numberOrNull })}
            />
          </>
        ) : (
          <Input
            label="Amount off (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            error={errors.amountOff?.message}
            {...register('amountOff', { setValueAs: numberOrNull })}
          />
        )}
        <Input
          label="Minimum subtotal (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          error={errors.minSubtotal?.message}
          {...register('minSubtotal', { setValueAs: (v: unknown) => numberOrNull(v) ?? 0 })}
        />
        <Input
          label="Starts (India time)"
          type="datetime-local"
          hint="Empty: from now"
          error={errors.startsAt?.message}
          {...register('startsAt', { setValueAs: textOrNull })}
        />
        <Input
          label="Ends (India time)"
          type="datetime-local"
          hint="Empty: no end"
          error={errors.endsAt?.message}
          {...register('endsAt', { setValueAs: textOrNull })}
        />
        <Input
          label="Total uses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty: unlimited"
          error={errors.maxUses?.message}
          {...register('maxUses', { setValueAs: numberOrNull })}
        />
        <Input
          label="Uses per shopper"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty: unlimited"
          error={errors.maxUsesPerShopper?.message}
          {...register('maxUsesPerShopper', { setValueAs: numberOrNull })}
        />
        <CheckField label="First order only" description="Only for shoppers without an earlier order" {...register('firstOrderOnly')} />
        <CheckField label="Active" description="Shoppers can apply it (between its start and end)" {...register('isActive')} />
        <CheckField
          label="Show in offers"
          description="List it in the cart's Offers for every visitor. Leave off for staff, influencer or private codes: they still work for whoever types them"
          {...register('showInOffers')}
        />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {coupon ? 'Update Coupon' : 'Add Coupon'}
        </Button>
      </div>
    </form>
  );
}
