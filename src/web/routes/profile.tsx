/**
 * Profile (/profile): the shopper's details and one delivery address, in view and edit modes
 * and links to orders, the admin panel (admins only), the shop, and logout.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '../../core/api-types';
import type { ProfileFormInput } from '../../core/schemas/profile';
import { Container, PageHeading } from '../components/layout/page';
import { Badge } from '../components/ui/badge';
import { Button, ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { Input, Select } from '../components/ui/field';
import { PageLoader } from '../components/ui/spinner';
import { StateOptions } from '../components/ui/state-options';
import { usePincodeAutofill } from '../features/pincodes/use-pincode-autofill';
import { useMeQuery, useUpdateProfile } from '../features/account/api';
import { useLogout } from '../features/auth/use-logout';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { ApiRequestError, errorMessage } from '../lib/api';
import { digitsOnlyInput, phoneInput } from '../lib/digits-input';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';
import { StoreCreditSection } from '../features/store-credit/store-credit-history';
import { EmailOffersToggle } from '../features/account/email-offers-toggle';
import { WhatsAppToggles } from '../features/account/whatsapp-toggles';

/** Title of the profile page. */
export function meta() {
  return pageMeta('My Profile', 'Your account details and delivery address.');
}

const resolver = lazyZodResolver(() => import('../../core/schemas/profile').then((m) => m.profileFormSchema));

function formValues(user: User): ProfileFormInput {
  const a = user.address;
  return {
    name: user.name,
    phone: user.phone,
    address: {
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
      pincode: a?.pincode ?? '',
      country: 'India',
    },
  };
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-4 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-stone-500">{label}</dt>
      <dd className="mt-1 min-w-0 text-stone-900 wrap-anywhere sm:mt-0">{children}</dd>
    </div>
  );
}

function ProfileView({ user }: { user: User }) {
  const a = user.address;
  return (
    <dl className="divide-y divide-stone-100">
      <Detail label="Full name">{user.name || <span className="text-stone-500">Not set</span>}</Detail>
      <Detail label="Email">{user.email}</Detail>
      <Detail label="Phone">{user.phone || <span className="text-stone-500">Not set</span>}</Detail>
      <Detail label="Address">
        {a ? (
          <address className="not-italic leading-relaxed">
            {a.line1}
            {a.line2 ? (
              <>
                <br />
                {a.line2}
              </>
            ) : null}
            <br />
            {a.city}, {a.state} {a.pincode}
            <br />
            {a.country}
          </address>
        ) : (
          <span className="text-stone-500">No address saved yet. Add one to check out faster.</span>
        )}
      </Detail>
    </dl>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({ resolver, defaultValues: formValues(user) });
  // City and state follow the pincode as it is typed.
  const fill = { shouldValidate: isSubmitted, shouldDirty: true };
  const lookup = usePincodeAutofill(watch('address.pincode'), {
    getCity: () => getValues('address.city'),
    getState: () => getValues('address.state'),
    setCity: (city) => setValue('address.city', city, fill),
    setState: (state) => setValue('address.state', state, fill),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Profile updated');
      onDone();
    } catch (error) {
      // e.g. 'Pincode 560001 is in Karnataka, not Kerala': under the field too.
      if (error instanceof ApiRequestError && error.errors?.pincode) setError('address.pincode', { message: error.errors.pincode });
      toast.error(errorMessage(error, 'Update failed'));
    }
  });

  const e = errors.address;
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label="Edit profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input label="Email" type="email" value={user.email} disabled readOnly hint="Your e-mail can't be changed." />
        <Input
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10-digit Indian mobile number"
          error={errors.phone?.message}
          {...phoneInput(register('phone'))}
        />
        <div className="hidden sm:block" />
        <Input
          label="Address line 1"
          autoComplete="address-line1"
          className="sm:col-span-2"
          placeholder="House number, street, area"
          error={e?.line1?.message}
          {...register('address.line1')}
        />
        <Input
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          className="sm:col-span-2"
          placeholder="Apartment, landmark"
          error={e?.line2?.message}
          {...register('address.line2')}
        />
        <Input label="City" autoComplete="address-level2" error={e?.city?.message} {...register('address.city')} />
        <Select label="State" autoComplete="address-level1" error={e?.state?.message} {...register('address.state')}>
          <StateOptions />
        </Select>
        <Input
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          error={e?.pincode?.message ?? lookup.error}
          hint={lookup.hint}
          {...digitsOnlyInput(register('address.pincode'), 6)}
        />
        <Input
          label="Country"
          readOnly
          aria-readonly="true"
          className="[&_input]:bg-stone-100 [&_input]:text-stone-600"
          error={e?.country?.message}
          {...register('address.country')}
        />
      </div>
      <div className="mt-8 flex flex-wrap gap-3 border-t border-stone-100 pt-6">
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
        {/* Leaving edit mode drops the form; the next edit starts again from the saved profile. */}
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The profile page. */
export default function Profile() {
  const status = useRequireAuth({ resumeTo: '/profile' });
  const me = useMeQuery();
  const logout = useLogout();
  const [editing, setEditing] = useState(false);
  const toasted = useRef(false);
  // The edit form's validation, fetched before the shopper opens it.
  useEffect(() => resolver.preload(), []);

  useEffect(() => {
    if (me.isError && !toasted.current) {
      toasted.current = true;
      toast.error(errorMessage(me.error, 'Failed to load profile'));
    }
  }, [me.isError, me.error]);

  if (status !== 'signed-in' || me.isPending) return <PageLoader text="Loading your profile..." />;

  if (!me.data) {
    return (
      <Container>
        <EmptyState
          icon="alert"
          headingLevel={1}
          title="Failed to load profile"
          description="Please check your connection and try again."
          action={
            <Button
              onClick={() => {
                toasted.current = false;
                void me.refetch();
              }}
              loading={me.isFetching}
            >
              Try Again
            </Button>
          }
        />
      </Container>
    );
  }

  const user = me.data;
  // Any staff role opens the admin area (core/permissions.ts); only shoppers are 'customer'.
  const isAdmin = user.role !== 'customer';
  return (
    <Container className="py-10 sm:py-14">
      <PageHeading
        title={
          <span className="flex flex-wrap items-center gap-3">
            My Profile
            {isAdmin ? (
              <Badge tone="dark" className="font-sans">
                Admin
              </Badge>
            ) : null}
          </span>
        }
        subtitle="Your details and delivery address, used to fill in checkout."
      />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem] lg:gap-12">
        <section aria-labelledby="details-heading" className="rounded-xl border border-stone-200 bg-white p-5 sm:p-8">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="details-heading" className="font-display text-xl font-semibold text-stone-900">
              {editing ? 'Edit details' : 'Account details'}
            </h2>
            {editing ? null : (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                Edit Profile
              </Button>
            )}
          </div>
          {editing ? <ProfileForm user={user} onDone={() => setEditing(false)} /> : <ProfileView user={user} />}
        </section>

        <nav aria-label="Account" className="h-fit space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-5">
          <ButtonLink to="/orders" variant="secondary" className="w-full">
            My Orders
          </ButtonLink>
          {isAdmin ? (
            <ButtonLink to="/admin/dashboard" variant="outline" className="w-full">
              Admin Panel
            </ButtonLink>
          ) : null}
          <ButtonLink to="/" variant="outline" className="w-full">
            Continue Shopping
          </ButtonLink>
          <Button variant="danger" className="w-full" onClick={() => void logout()}>
            Logout
          </Button>
        </nav>
      </div>
      <div className="mt-8 lg:max-w-[calc(100%-21rem)]">
        <WhatsAppToggles user={user} />
      </div>
      <div className="mt-8 lg:max-w-[calc(100%-21rem)]">
        <EmailOffersToggle user={user} />
      </div>
      <div className="mt-8 lg:max-w-[calc(100%-21rem)]">
        <StoreCreditSection />
      </div>
    </Container>
  );
}
