/**
 * "Adjust store credit" under a customer's store credit history (/admin/customers?id=…;
 * docs/architecture.md#store-credit): an amount in rupees (negative takes credit away) and a note the
 * shopper reads. POST /api/admin/customers/{id}/store-credit/adjustments with one Idempotency-Key per
 * filled-in form, so a double click or a retry after a lost answer adjusts once; the server refuses
 * going below zero and credits above the staff member's refund limit, and its message shows here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../core/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { apiFetch, ApiRequestError, errorMessage } from '../../../lib/api';
import { adminCustomersKey } from './api';

interface Adjusted {
  entry: { amount: number };
  balance: number;
}

/** The form; `balance` (rupees) is the customer's balance now. */
export function StoreCreditAdjustForm({ userId, balance }: { userId: string; balance: number }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<{ amount?: string; note?: string; form?: string }>({});
  const adjust = useMutation({
    mutationFn: (body: { amount: number; note: string }) =>
      apiFetch<Adjusted>(`/api/admin/customers/${encodeURIComponent(userId)}/store-credit/adjustments`, {
        method: 'POST',
        auth: true,
        body,
        headers: { 'Idempotency-Key': key },
        fallbackMessage: 'Failed to adjust the store credit',
      }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'store-credit', userId] });
      // The customer's own row ("Store credit ₹x") too.
      void queryClient.invalidateQueries({ queryKey: [...adminCustomersKey, 'one', userId] });
      toast.success(`Store credit ${answer.entry.amount > 0 ? 'added' : 'taken away'}: balance ${formatINR(answer.balance)}`);
      setAmount('');
      setNote('');
      setErrors({});
      setKey(crypto.randomUUID());
    },
    onError: (error) => {
      const fields = error instanceof ApiRequestError ? error.errors : undefined;
      setErrors({ amount: fields?.amount, note: fields?.note, form: errorMessage(error, 'Failed to adjust the store credit') });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    const found: typeof errors = {};
    if (!amount.trim() || !Number.isFinite(value) || value === 0) found.amount = 'Enter an amount other than ₹0';
    else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) found.amount = 'At most 2 decimals (paise)';
    else if (value < 0 && -value > balance) found.amount = `At most ${formatINR(balance)} can be taken away`;
    if (!note.trim()) found.note = 'Say why: the shopper sees this note';
    setErrors(found);
    if (Object.keys(found).length === 0) adjust.mutate({ amount: value, note: note.trim() });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="adjust-store-credit" className="space-y-3 rounded-lg border border-stone-200 p-3">
      <h4 id="adjust-store-credit" className="text-sm font-semibold text-stone-900">
        Adjust store credit
      </h4>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Input
          label="Amount (₹)"
          type="number"
          inputMode="decimal"
          step={0.01}
          hint="Negative takes away"
          value={amount}
          error={errors.amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setKey(crypto.randomUUID());
          }}
        />
        <Input
          label="Note (the shopper sees it)"
          maxLength={300}
          value={note}
          error={errors.note}
          onChange={(e) => {
            setNote(e.target.value);
            setKey(crypto.randomUUID());
          }}
        />
      </div>
      {errors.form && !errors.amount && !errors.note ? <Alert>{errors.form}</Alert> : null}
      <Button type="submit" size="sm" loading={adjust.isPending}>
        Save adjustment
      </Button>
    </form>
  );
}
