/**
 * The "WhatsApp" section of /admin/settings (docs/architecture.md#whatsapp, docs/owners-guide.md#whatsapp):
 * for each message kind the template's name as approved in WhatsApp Manager and its language code; a
 * kind left blank is sent by e-mail only. A line says how the shop sends WhatsApp (the Cloud API
 * credentials set, the built-in sandbox, or off), as the server tells; the token is never shown.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { WHATSAPP_KIND_LABELS, WHATSAPP_KINDS, WHATSAPP_MARKETING_KINDS, type WhatsAppKind } from '../../../../core/whatsapp';
import { Input } from '../../../components/ui/field';
import { apiFetch } from '../../../lib/api';

type Rows = Record<WhatsAppKind, { name: string; language: string }>;

interface WhatsAppStatus {
  mode: 'cloud' | 'stand-in' | 'off';
  phoneNumberId: string | null;
  webhookPath: string;
}

function StatusLine() {
  const status = useQuery({
    queryKey: ['admin', 'whatsapp-status'],
    queryFn: () =>
      apiFetch<WhatsAppStatus>('/api/admin/whatsapp/status', { auth: true, fallbackMessage: 'Could not read the WhatsApp status' }),
  });
  const s = status.data;
  if (!s) return null;
  const text =
    s.mode === 'cloud'
      ? `WhatsApp Cloud API credentials are set (phone number ID ${s.phoneNumberId}). Webhook: ${s.webhookPath}.`
      : s.mode === 'stand-in'
        ? 'Cloud API credentials are not set: messages go to the built-in sandbox (/whatsapp-sandbox) to try things out.'
        : 'Cloud API credentials are not set: no WhatsApp is sent, mail goes as always. See the owner’s guide.';
  return (
    <p
      data-testid="whatsapp-status"
      className={`rounded-lg px-3 py-2 text-sm ${s.mode === 'cloud' ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
    >
      {text}
    </p>
  );
}

/** The section, bound to the settings form's `whatsapp.templates` (a blank name leaves the kind out). */
export function WhatsAppTemplatesFields({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const [rows, setRows] = useState<Rows>(() => {
    const saved = form.getValues('whatsapp.templates') ?? {};
    return Object.fromEntries(WHATSAPP_KINDS.map((k) => [k, { name: saved[k]?.name ?? '', language: saved[k]?.language ?? '' }])) as Rows;
  });
  const errors = form.formState.errors.whatsapp?.templates as
    Partial<Record<WhatsAppKind, { name?: { message?: string }; language?: { message?: string } }>> | undefined;
  const change = (kind: WhatsAppKind, field: 'name' | 'language', value: string) => {
    const next = { ...rows, [kind]: { ...rows[kind], [field]: value } };
    setRows(next);
    const templates = Object.fromEntries(
      WHATSAPP_KINDS.filter((k) => next[k].name.trim() !== '').map((k) => [
        k,
        { name: next[k].name.trim(), language: next[k].language.trim() || 'en' },
      ]),
    );
    form.setValue('whatsapp.templates', templates, { shouldDirty: true });
  };
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">WhatsApp</legend>
      <p className="-mt-2 text-sm text-stone-500">
        The template for each message, by its name in WhatsApp Manager and its language code (en, en_US, hi). A message without a template
        goes by e-mail only. Offers go only to shoppers who ticked them, and never after they reply STOP.
      </p>
      <StatusLine />
      <div className="divide-y divide-stone-100">
        {WHATSAPP_KINDS.map((kind) => (
          <div key={kind} className="grid gap-3 py-3 sm:grid-cols-[2fr_1fr] sm:items-start">
            <Input
              label={`${WHATSAPP_KIND_LABELS[kind]} template name`}
              placeholder={`rangmanch_${kind}`}
              value={rows[kind].name}
              autoComplete="off"
              hint={WHATSAPP_MARKETING_KINDS.includes(kind) ? 'Marketing: only to shoppers who ticked offers, never after STOP' : undefined}
              error={errors?.[kind]?.name?.message}
              onChange={(e) => change(kind, 'name', e.target.value)}
            />
            <Input
              label="Language"
              aria-label={`${WHATSAPP_KIND_LABELS[kind]} language`}
              placeholder="en"
              value={rows[kind].language}
              autoComplete="off"
              error={errors?.[kind]?.language?.message}
              onChange={(e) => change(kind, 'language', e.target.value)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
