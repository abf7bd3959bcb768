/**
 * Contact (/contact): the message form (name, e-mail, phone, message) with the spec's messages.
 * Signed-in shoppers see a banner and their name, e-mail and phone filled in from their account
 * and locked; guests see a banner with a login link. Support e-mail and social handle beside it,
 * and the returns policy from the shop's settings.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { BRAND } from '../../core/constants';
import { DEFAULT_RETURNS_POLICY, returnsPromise } from '../../core/returns';
import type { ContactInput } from '../../core/schemas/contact';
import { Container, PageHeading } from '../components/layout/page';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/field';
import { useMeQuery } from '../features/account/api';
import { CONTACT_FAILED, sendContactMessage } from '../features/contact/api';
import { ApiRequestError, errorMessage } from '../lib/api';
import { whatsAppChatUrl } from '../lib/whatsapp';
import { instagramProfileUrl } from '../lib/brand';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { savePostLoginAction, useAuthStatus } from '../lib/auth';
import { phoneInput } from '../lib/digits-input';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/contact';
import { SupportEmailLink, SupportPhoneLink, useSupportContact } from '../lib/support-contact';

const MESSAGE_MAX = 450;

/** Title, description and canonical URL of the contact page. */
export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/contact',
    title: 'Contact Us',
    description: `Questions about an order, sizes or delivery? Write to ${BRAND.name}: we answer Monday to Saturday, 10:00–18:00 IST.`,
  });
}

type ContactFields = { name: string; email: string; phone: string; comment: string };

const resolver = lazyZodResolver(() => import('../../core/schemas/contact').then((m) => m.contactSchema));

/** The contact page. */
export default function Contact() {
  const status = useAuthStatus();
  const me = useMeQuery();
  const location = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const whatsapp = whatsAppChatUrl(root?.whatsappNumber);
  const support = useSupportContact();
  // The returns line beside the form follows the shop's settings, as the refund policy does.
  const returnsPolicy = root?.returns ?? DEFAULT_RETURNS_POLICY;
  const user = status === 'signed-in' ? me.data : undefined;
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactFields>({
    resolver,
    defaultValues: { name: '', email: '', phone: '', comment: '' },
  });
  useEffect(() => resolver.preload(), []);

  // Prefill (and lock) what the account knows.
  useEffect(() => {
    if (user) reset({ name: user.name, email: user.email, phone: user.phone, comment: '' }, { keepDirtyValues: true });
  }, [user, reset]);

  const locked = {
    name: Boolean(user?.name),
    email: Boolean(user?.email),
    phone: Boolean(user?.phone),
  };
  const length = (watch('comment') ?? '').length;

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const thanks = await sendContactMessage({ ...values, registeredUser: Boolean(user) });
      setResult({ tone: 'success', text: thanks });
      reset(
        user ? { name: user.name, email: user.email, phone: user.phone, comment: '' } : { name: '', email: '', phone: '', comment: '' },
      );
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'name' || field === 'email' || field === 'phone' || field === 'comment') setError(field, { message });
        }
      }
      setResult({ tone: 'error', text: errorMessage(error, CONTACT_FAILED) });
    }
  });

  const lockedHint = 'From your account';

  return (
    <Container className="py-10 sm:py-14">
      <PageHeading title="Contact Us" subtitle="Questions about an order, a size or a delivery? We are happy to help." />
      <div className="grid gap-10 pt-8 lg:grid-cols-[1fr_20rem] lg:gap-14">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="sr-only">
            Send us a message
          </h2>
          {status === 'signed-in' ? (
            <div
              className="mb-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
              data-testid="contact-banner"
            >
              {user ? (
                <>
                  You are logged in as <strong>{user.name}</strong> (<span className="wrap-anywhere">{user.email}</span>). Your details are
                  filled in from your account.
                </>
              ) : (
                'You are logged in. Loading your details…'
              )}
            </div>
          ) : status === 'signed-out' ? (
            <div
              className="mb-6 rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700"
              data-testid="contact-banner"
            >
              You are writing to us as a guest.{' '}
              <Link
                to="/login"
                onClick={() => savePostLoginAction({ type: 'navigate', payload: { to: '/contact' }, returnTo: location.pathname })}
                className="font-semibold text-brand underline-offset-4 hover:underline"
              >
                Log in
              </Link>{' '}
              to fill in your details automatically.
            </div>
          ) : null}

          <form
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            className="space-y-5"
            aria-describedby={result ? 'contact-result' : undefined}
          >
            {result ? (
              <div id="contact-result">
                <Alert tone={result.tone}>{result.text}</Alert>
              </div>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              <Input
                label="Name"
                autoComplete="name"
                readOnly={locked.name}
                hint={locked.name ? lockedHint : undefined}
                error={errors.name?.message}
                {...register('name')}
              />
              <Input
                label="Email"
                type="email"
                autoComplete="email"
                readOnly={locked.email}
                hint={locked.email ? lockedHint : undefined}
                error={errors.email?.message}
                {...register('email')}
              />
            </div>
            <Input
              label="Phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              readOnly={locked.phone}
              hint={locked.phone ? lockedHint : '10-digit mobile number'}
              error={errors.phone?.message}
              className="sm:max-w-xs"
              {...phoneInput(register('phone'))}
            />
            <div>
              <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-stone-800">
                Message
              </label>
              <textarea
                id="contact-message"
                rows={6}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby="contact-message-count contact-message-error"
                className={`block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${
                  errors.comment ? 'border-red-400' : 'border-stone-300'
                }`}
                placeholder="How can we help?"
                {...register('comment')}
              />
              <div className="mt-1.5 flex items-start justify-between gap-4 text-sm">
                <p id="contact-message-error" className="text-red-600">
                  {errors.comment?.message}
                </p>
                <p
                  id="contact-message-count"
                  className={`shrink-0 tabular-nums ${length > MESSAGE_MAX ? 'font-semibold text-red-600' : 'text-stone-500'}`}
                >
                  {length}/{MESSAGE_MAX}
                </p>
              </div>
            </div>
            <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto">
              Send Message
            </Button>
          </form>
        </section>

        <aside className="h-fit space-y-6 rounded-xl border border-stone-200 bg-stone-50 p-6 text-sm text-stone-700">
          <div>
            <h2 className="font-display text-lg font-semibold text-stone-900">Write to us</h2>
            <p className="mt-2 break-words">
              <SupportEmailLink className="font-medium text-brand underline-offset-4 hover:underline" />
            </p>
          </div>
          {support.phone ? (
            <div>
              <h2 className="font-display text-lg font-semibold text-stone-900">Call us</h2>
              <p className="mt-2">
                <SupportPhoneLink className="font-medium text-brand underline-offset-4 hover:underline" />
              </p>
            </div>
          ) : null}
          {whatsapp ? (
            <div>
              <h2 className="font-display text-lg font-semibold text-stone-900">WhatsApp us</h2>
              <p className="mt-2">
                <a
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand underline-offset-4 hover:underline"
                >
                  Chat with us on WhatsApp
                </a>
              </p>
            </div>
          ) : null}
          <div>
            <h2 className="font-display text-lg font-semibold text-stone-900">Follow us</h2>
            <p className="mt-2">
              <a
                href={instagramProfileUrl()}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand underline-offset-4 hover:underline"
              >
                {BRAND.socialHandle}
              </a>{' '}
              on Instagram
            </p>
          </div>
          <div>
            <h2 className="font-display text-lg font-semibold text-stone-900">Support hours</h2>
            <p className="mt-2">Monday to Saturday, 10:00–18:00 IST. We reply within one business day.</p>
          </div>
          <p className="border-t border-stone-200 pt-4 text-stone-600">
            {returnsPromise(returnsPolicy)}{' '}
            {returnsPolicy.windowDays > 0 ? 'Start a return from the order on Your Orders.' : 'Write with photos and your order number.'}{' '}
            See our{' '}
            <Link to="/refund-policy" className="underline underline-offset-4 hover:text-brand">
              cancellations and refund policy
            </Link>
            .
          </p>
        </aside>
      </div>
    </Container>
  );
}
