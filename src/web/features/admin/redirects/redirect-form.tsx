/**
 * The old address → new address form of /admin/redirects: adds a redirect, or edits `redirect`.
 * Checked with the API's own schema (core/schemas/redirects.ts) before sending; the server's
 * refusal (a loop, an old address already kept) shows under its field.
 */
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { redirectInputSchema, type AdminRedirect } from '../../../../core/schemas/redirects';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { saveRedirect } from './api';

type Errors = { fromPath?: string; toPath?: string };

/** One redirect's form; `onSaved` gets the saved redirect. */
export function RedirectForm({
  redirect,
  onSaved,
  onCancel,
}: {
  redirect: AdminRedirect | null;
  onSaved: (saved: AdminRedirect) => void;
  onCancel?: () => void;
}) {
  const [fromPath, setFromPath] = useState(redirect?.fromPath ?? '');
  const [toPath, setToPath] = useState(redirect?.toPath ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = redirectInputSchema.safeParse({ fromPath, toPath });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveRedirect({ fromPath, toPath }, redirect?._id);
      setErrors({});
      if (!redirect) {
        setFromPath('');
        setToPath('');
      }
      onSaved(saved);
      toast.success(redirect ? 'Redirect updated' : 'Redirect added');
    } catch (err) {
      const message = errorMessage(err, 'Failed to save the redirect');
      const field = err instanceof ApiRequestError && err.status === 409 ? 'fromPath' : 'toPath';
      setErrors({ [field]: err instanceof ApiRequestError ? (err.errors?.toPath ?? message) : message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start">
      <Input
        label="Old address"
        value={fromPath}
        onChange={(e) => setFromPath(e.target.value)}
        placeholder="/pages/about-us"
        hint="The path people still visit"
        error={errors.fromPath}
        autoFocus={redirect !== null}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <Input
        label="Send them to"
        value={toPath}
        onChange={(e) => setToPath(e.target.value)}
        placeholder="/category/sarees"
        hint="A path of this shop"
        error={errors.toPath}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="flex gap-2 md:mt-7">
        <Button type="submit" loading={saving}>
          {redirect ? 'Save' : 'Add redirect'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
