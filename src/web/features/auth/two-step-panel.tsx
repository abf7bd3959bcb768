/**
 * Two-step sign-in on "My sign-in" (docs/architecture.md#accounts-and-sign-in): its status; turning
 * it on (a QR code and the secret in groups of four to type, then a code of the app, then ten
 * recovery codes shown once); new recovery codes; turning it off with a current code or the
 * password.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { DATE, formatIndiaTime } from '../../../core/india-time';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { PageLoader } from '../../components/ui/spinner';
import { meQueryKey } from '../account/api';
import { errorMessage } from '../../lib/api';
import { PasswordInput } from './password-input';
import { QrCode } from './qr-code';
import { beginTwoStep, confirmTwoStep, disableTwoStep, newRecoveryCodes, twoStepKey, useTwoStep } from './sign-in-api';

/** The secret as typed into an app: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The ten recovery codes, shown once, with a copy button. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <Alert tone="info">
        Keep these recovery codes somewhere safe (printed, or in a password manager). Each one signs you in once if you lose your phone.
        They are shown only now.
      </Alert>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="rounded border border-stone-200 bg-stone-50 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Could not copy: select them instead'),
            )
          }
        >
          Copy codes
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

/** A 6-digit code field with its submit button. */
function CodeForm({ label, submit, onCode }: { label: string; submit: string; onCode: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onCode(digits);
      setCode('');
    } catch (err) {
      setError(errorMessage(err, 'That code is not right.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-wrap items-start gap-3">
      <div className="w-48">
        <Input
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
        />
      </div>
      <Button type="submit" loading={busy} className="mt-6">
        {submit}
      </Button>
    </form>
  );
}

/** The two-step section of "My sign-in". */
export function TwoStepPanel() {
  const qc = useQueryClient();
  const status = useTwoStep();
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [starting, setStarting] = useState(false);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: twoStepKey });
    await qc.invalidateQueries({ queryKey: meQueryKey });
  };

  if (status.isPending) return <PageLoader />;
  if (status.isError) return <p className="text-sm text-red-700">{errorMessage(status.error, 'Could not load two-step sign-in')}</p>;
  const s = status.data;

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  if (s.enabled) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-stone-700">
          <Badge tone="green">On</Badge> since {s.enabledAt ? formatIndiaTime(s.enabledAt, DATE) : '—'}. Signing in asks for a code from
          your authenticator app after the password. {s.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <details className="rounded-lg border border-stone-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-stone-900">New recovery codes</summary>
          <p className="my-2 text-sm text-stone-600">Your old recovery codes stop working.</p>
          <CodeForm
            label="Code from your app"
            submit="Make new codes"
            onCode={async (code) => {
              const { recoveryCodes } = await newRecoveryCodes(code);
              setCodes(recoveryCodes);
              await refresh();
            }}
          />
        </details>
        {turningOff ? (
          <TurnOff
            required={s.required}
            onDone={async () => {
              setTurningOff(false);
              await refresh();
            }}
            onCancel={() => setTurningOff(false)}
          />
        ) : (
          <Button variant="danger" onClick={() => setTurningOff(true)}>
            Turn off two-step sign-in
          </Button>
        )}
      </div>
    );
  }

  if (enrolment) {
    return (
      <div className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
          <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
          <li>Scan this QR code, or type the key below.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="w-fit rounded-lg border border-stone-200 p-2">
            <QrCode text={enrolment.uri} label="QR code for your authenticator app" />
          </div>
          <div className="min-w-0">
            <p className="text-sm text-stone-600">Key to type instead:</p>
            <p className="font-mono text-base break-all text-stone-900" data-testid="two-step-secret">
              {grouped(enrolment.secret)}
            </p>
          </div>
        </div>
        <CodeForm
          label="Code from your app"
          submit="Turn on"
          onCode={async (code) => {
            const { recoveryCodes } = await confirmTwoStep(code);
            setEnrolment(null);
            setCodes(recoveryCodes);
            toast.success('Two-step sign-in is on');
            await refresh();
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {s.required ? (
        <Alert>The shop requires two-step sign-in for staff. Set it up to use the admin area.</Alert>
      ) : (
        <p className="text-sm text-stone-700">
          <Badge tone="grey">Off</Badge> Add a code from your phone to your password, so a stolen password alone cannot open your account.
        </p>
      )}
      <Button
        loading={starting}
        onClick={() => {
          setStarting(true);
          beginTwoStep()
            .then(setEnrolment, (error: unknown) => toast.error(errorMessage(error, 'Could not start setting up two-step sign-in')))
            .finally(() => setStarting(false));
        }}
      >
        Set up two-step sign-in
      </Button>
    </div>
  );
}

/** Turning two-step off: a code of the app, or the password. */
function TurnOff({ required, onDone, onCancel }: { required: boolean; onDone: () => Promise<void>; onCancel: () => void }) {
  const [withPassword, setWithPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const off = async (body: { code: string } | { password: string }) => {
    const { message } = await disableTwoStep(body);
    toast.success(message);
    await onDone();
  };
  return (
    <div className="space-y-3 rounded-lg border border-red-200 p-4">
      {required ? (
        <Alert>The shop requires two-step sign-in for staff: you will have to set it up again before using the admin area.</Alert>
      ) : null}
      {withPassword ? (
        <form
          noValidate
          className="flex flex-wrap items-start gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setBusy(true);
            setError(null);
            off({ password })
              .catch((err: unknown) => setError(errorMessage(err, 'That password is not right.')))
              .finally(() => setBusy(false));
          }}
        >
          <div className="w-64">
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error ?? undefined}
            />
          </div>
          <Button type="submit" variant="danger" loading={busy} className="mt-6">
            Turn off
          </Button>
        </form>
      ) : (
        <CodeForm label="Code from your app" submit="Turn off" onCode={(code) => off({ code })} />
      )}
      <div className="flex gap-4 text-sm">
        <button type="button" className="font-medium text-stone-600 hover:text-brand" onClick={() => setWithPassword(!withPassword)}>
          {withPassword ? 'Use a code instead' : 'Use my password instead'}
        </button>
        <button type="button" className="font-medium text-stone-600 hover:text-brand" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
