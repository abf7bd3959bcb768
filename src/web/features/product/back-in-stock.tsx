/**
 * "Notify me when it's back" on the product page (docs/architecture.md#back-in-stock): for a sold-out
 * size (with colours, the chosen colour's), in place of Add to Cart and Buy Now and in the phone's
 * bottom bar. A signed-in shopper is signed up with one tap; a guest gets a small dialog for an
 * e-mail or mobile number, then the 6-digit code sent to it. Once waiting, the page says "We'll
 * tell you when it's back" and the focus moves there.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import type { Variant } from '../../../core/api-types';
import { OTP_CODE_RE } from '../../../core/constants';
import { normaliseIndianMobile } from '../../../core/phone';
import { STOCK_ALERT_WAITING } from '../../../core/stock-alerts';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api';
import { getToken } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { confirmAlert, myAlerts, signUpForAlert } from './back-in-stock-api';

/** What the buttons say. */
export const NOTIFY_ME = "Notify me when it's back";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isIndianMobile = (value: string) => /^[6-9]\d{9}$/.test(normaliseIndianMobile(value));

/** The sign-up state of a product page: the sizes waited for, the dialog, the one-tap call. */
export function useBackInStock(productId: string, describe: (v: Variant) => string) {
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(() => new Set());
  const [dialogFor, setDialogFor] = useState<Variant | null>(null);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLParagraphElement | null>(null);
  const focusStatus = useRef(false);

  // A signed-in shopper who already waits for a size sees it said at once.
  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    myAlerts(productId).then(
      (alerts) => live && setWaiting(new Set(alerts.map((a) => a.variantId))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [productId]);

  const markWaiting = useCallback((variantId: string) => {
    focusStatus.current = true;
    setWaiting((w) => new Set([...w, variantId]));
  }, []);

  // After signing up, the keyboard lands on what replaced the button.
  useEffect(() => {
    if (focusStatus.current && statusRef.current) {
      focusStatus.current = false;
      statusRef.current.focus();
    }
  });

  const ask = async (variant: Variant) => {
    if (!getToken()) {
      setDialogFor(variant);
      return;
    }
    setBusy(true);
    try {
      const alert = await signUpForAlert({ variantId: variant._id });
      markWaiting(alert.variantId);
    } catch (error) {
      toast.error(errorMessage(error, 'We could not sign you up. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <GuestAlertDialog
      variant={dialogFor}
      what={dialogFor ? describe(dialogFor) : ''}
      onClose={() => setDialogFor(null)}
      onWaiting={(variantId) => {
        setDialogFor(null);
        markWaiting(variantId);
      }}
    />
  );
  return { isWaiting: (id: string) => waiting.has(id), busy, ask, dialog, statusRef };
}

/** The line that replaces the buttons once the shopper waits for the size. */
export function WaitingNote({ id, statusRef, compact = false }: { id?: string; statusRef?: Ref<HTMLParagraphElement>; compact?: boolean }) {
  return (
    <p
      id={id}
      ref={statusRef}
      tabIndex={-1}
      role="status"
      className={`inline-flex items-center gap-2 rounded-md bg-green-50 font-medium text-green-800 focus:outline-2 focus:outline-offset-2 focus:outline-brand ${
        compact ? 'px-3 py-2 text-xs' : 'w-full px-4 py-3 text-sm'
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-current">
        <path d="M7.7 13.3 4.4 10l-1.1 1.1 4.4 4.4 9-9-1.1-1.1z" />
      </svg>
      {STOCK_ALERT_WAITING}
    </p>
  );
}

/** The guest's dialog: an e-mail or mobile number, then the code sent to it. */
function GuestAlertDialog({
  variant,
  what,
  onClose,
  onWaiting,
}: {
  variant: Variant | null;
  what: string;
  onClose: () => void;
  onWaiting: (variantId: string) => void;
}) {
  const titleId = useId();
  const descId = useId();
  const [step, setStep] = useState<{ alertId: string; to: string } | null>(null);
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const contactRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const open = variant !== null;

  useEffect(() => {
    if (!open) {
      setStep(null);
      setCode('');
      setError(undefined);
    }
  }, [open]);
  useEffect(() => {
    if (!open) return;
    (step ? codeRef : contactRef).current?.focus();
  }, [open, step]);

  const sendContact = async (event: FormEvent) => {
    event.preventDefault();
    if (!variant) return;
    const value = contact.trim();
    const isEmail = EMAIL_RE.test(value);
    if (!value) return setError('Enter your e-mail or mobile number');
    if (!isEmail && !isIndianMobile(value)) return setError('Enter a valid e-mail or 10-digit mobile number');
    setBusy(true);
    setError(undefined);
    try {
      const alert = await signUpForAlert({ variantId: variant._id, ...(isEmail ? { email: value } : { phone: value }) });
      if (alert.status === 'waiting') onWaiting(alert.variantId);
      else setStep({ alertId: alert._id, to: alert.to });
    } catch (e) {
      setError(errorMessage(e, 'We could not sign you up. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!step || !variant) return;
    if (!OTP_CODE_RE.test(code)) return setError('Enter the 6-digit code');
    setBusy(true);
    setError(undefined);
    try {
      const alert = await confirmAlert(step.alertId, code);
      onWaiting(alert.variantId);
    } catch (e) {
      setError(errorMessage(e, 'We could not check the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={descId} dismissible={!busy}>
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="font-serif text-xl text-stone-900">
          {NOTIFY_ME}
        </h2>
        <p id={descId} className="mt-1 text-sm text-stone-600">
          {step ? `We sent a 6-digit code to ${step.to}. It is valid for 15 minutes.` : `We'll send you one message when ${what} is back.`}
        </p>
        {step ? (
          <form className="mt-4 space-y-4" onSubmit={(e) => void sendCode(e)} noValidate>
            <Input
              ref={codeRef}
              label="6-digit code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              error={error}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <button
                type="button"
                className="text-sm font-medium text-brand underline-offset-2 hover:underline"
                onClick={() => {
                  setStep(null);
                  setError(undefined);
                }}
              >
                Use another e-mail or number
              </button>
              <Button type="submit" loading={busy}>
                Confirm
              </Button>
            </div>
          </form>
        ) : (
          <form className="mt-4 space-y-4" onSubmit={(e) => void sendContact(e)} noValidate>
            <Input
              ref={contactRef}
              label="E-mail or mobile number"
              name="contact"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              error={error}
              hint="A mobile number gets the code and the message on WhatsApp."
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Send code
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
