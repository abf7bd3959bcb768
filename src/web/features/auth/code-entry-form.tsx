/**
 * The one-time code step shared by signup (/verify-email) and password reset (/verify-reset-otp):
 * six boxes, submit disabled until six digits, errors in the general error box, and a resend link
 * behind a visible 30-second cooldown.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { OTP, OTP_CODE_RE, OTP_INCOMPLETE } from '../../../core/constants';
import { AuthCard } from '../../components/layout/auth-card';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { OtpInput } from './otp-input';
import { useCooldown } from './use-cooldown';

/** Code entry card; `onVerify` throws to show an error, `onResend` throws when no code was sent. */
export function CodeEntryForm({
  title,
  subtitle,
  submitLabel,
  verifyFallback,
  onVerify,
  onResend,
  footer,
}: {
  title: string;
  subtitle: ReactNode;
  submitLabel: string;
  /** Shown when verification fails without a message from the server. */
  verifyFallback: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  footer?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCooldown(OTP.resendCooldownMs / 1000);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!OTP_CODE_RE.test(code)) {
      setError(OTP_INCOMPLETE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onVerify(code);
    } catch (err) {
      setError(errorMessage(err, verifyFallback));
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      await onResend();
      setCode('');
      cooldown.restart();
      toast.success('A new code is on its way');
    } catch (err) {
      setError(errorMessage(err, 'Could not resend code. Please try again.'));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-6">
        {error ? <Alert>{error}</Alert> : null}
        <OtpInput value={code} onChange={setCode} disabled={submitting} invalid={Boolean(error)} />
        {code.length > 0 && code.length < OTP.length ? <p className="text-center text-sm text-stone-500">{OTP_INCOMPLETE}</p> : null}
        <Button type="submit" size="lg" className="w-full" disabled={code.length !== OTP.length} loading={submitting}>
          {submitLabel}
        </Button>
        <p className="text-center text-sm text-stone-600">
          Didn&apos;t get the code?{' '}
          {cooldown.remaining > 0 ? (
            <span className="font-medium tabular-nums text-stone-500">Resend in {cooldown.remaining}s</span>
          ) : (
            <button
              type="button"
              className="font-semibold text-brand hover:underline disabled:opacity-50"
              onClick={() => void resend()}
              disabled={resending}
            >
              {resending ? 'Sending...' : 'Resend code'}
            </button>
          )}
        </p>
      </form>
    </AuthCard>
  );
}

/** The card shown when a code page is opened without the verification it belongs to. */
export function VerificationNotFound({ description, action }: { description: string; action: ReactNode }) {
  return (
    <AuthCard title="Verification Not Found" subtitle={description}>
      {action}
    </AuthCard>
  );
}
