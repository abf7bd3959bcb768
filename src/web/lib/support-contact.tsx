/**
 * The shop's support contacts as shoppers read them (footer, contact page, policy pages, the home
 * page's structured data): the e-mail and phone in Settings, as the tax invoice prints them
 * (docs/decisions/0005-shop-settings-and-gst.md). The root loader reads them once per page load; until an
 * admin first saves the settings the e-mail is the one the invoice falls back to as well.
 */
import { useRouteLoaderData } from 'react-router';
import { BRAND } from '../../core/constants';

/** The support contacts: `email` always, `phone` ('' when unset, an Indian mobile otherwise). */
export interface SupportContact {
  email: string;
  phone: string;
}

/** The contacts from the public settings (null when unreadable): the invoice's fallback e-mail when unset. */
export function supportContact(settings: { supportEmail: string; supportPhone: string } | null): SupportContact {
  return { email: settings?.supportEmail || BRAND.supportEmail, phone: settings?.supportPhone ?? '' };
}

/**
 * The support contacts of the root loader (the fallback before its data is there). Typed here, not
 * from the loader's type: root.tsx imports `supportContact` from this module.
 */
export function useSupportContact(): SupportContact {
  return useRouteLoaderData<{ support?: SupportContact }>('root')?.support ?? supportContact(null);
}

/** The support contacts in a meta function's `matches` (the root route's data comes first). */
export function supportContactFromMatches(matches: readonly unknown[]): SupportContact {
  const root = matches[0] as { data?: { support?: SupportContact } } | undefined;
  return root?.data?.support ?? supportContact(null);
}

/** The support e-mail as a mailto link; `className` styles it. */
export function SupportEmailLink({ className }: { className?: string }) {
  const { email } = useSupportContact();
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}

/** The support phone as a tel link, or nothing when the settings have none. */
export function SupportPhoneLink({ className }: { className?: string }) {
  const { phone } = useSupportContact();
  if (!phone) return null;
  return (
    <a href={`tel:+91${phone}`} className={className}>
      +91 {phone.slice(0, 5)} {phone.slice(5)}
    </a>
  );
}
