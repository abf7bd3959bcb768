/**
 * "Return or exchange" on a delivered order: pick lines and quantities, a reason, refund
 * or another size of the same product (sizes in stock), optional photos (up to 3, the media upload
 * rules; an "Add photos" button, each chosen photo a thumbnail with its own Remove), then
 * POST /api/orders/{id}/returns. Before sending, a refund says how much comes back: each line's
 * share of what was paid (lineRefundPaise, the rule the server fixes the amount by), shipping and COD
 * fees excluded. The body is checked with the server's schema first, so
 * the messages are the same; the server still decides (window, stock) and its message is shown.
 */
import { useState, type FormEvent } from 'react';
import type { Order } from '../../../core/api-types';
import { formatINR, toPaise, toRupees } from '../../../core/money';
import {
  lineRefundPaise,
  MAX_RETURN_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
  type ReturnResolution,
} from '../../../core/returns';
import { returnRequestSchema } from '../../../core/schemas/returns';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { uploadMedia } from '../../lib/media-upload';
import { useProductsQuery, useRequestReturn } from './returns-api';
import { variantLabel } from '../../../core/colours';
import { StoreCreditRefundChoice, storeCreditBonusWords } from './store-credit-refund-choice';
import { useStoreCreditAccount } from '../store-credit/api';

interface LineChoice {
  selected: boolean;
  quantity: number;
  exchangeVariantId: string;
}

/** The dialog; `returnable[i]` is how many units of `order.items[i]` may still be returned. */
export function ReturnRequestDialog({
  order,
  returnable,
  sizeExchanges,
  open,
  onClose,
}: {
  order: Order;
  returnable: number[];
  sizeExchanges: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const [lines, setLines] = useState<LineChoice[]>(() => order.items.map(() => ({ selected: false, quantity: 1, exchangeVariantId: '' })));
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [resolution, setResolution] = useState<ReturnResolution>('refund');
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  // Return photos are private (served on signed URLs only): the thumbnails show the picked files themselves.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // Cash on Delivery: nothing was paid online, so the refund goes by transfer to where the shopper says.
  const cod = order.payment.method === 'cod';
  // What the chosen units refund, paise: the same rule the server fixes the amount by.
  const refundPaise = order.items.reduce((sum, item, i) => {
    if (!lines[i].selected || returnable[i] <= 0) return sum;
    const paid = { lineTotalPaise: toPaise(item.price), discountPaise: toPaise(item.discount), quantity: item.quantity };
    return sum + lineRefundPaise(paid, Math.min(lines[i].quantity, returnable[i]), item.quantity - returnable[i]);
  }, 0);
  const [refundTo, setRefundTo] = useState({ method: 'upi' as 'upi' | 'bank', upiId: '', accountName: '', accountNumber: '', ifsc: '' });
  // Store credit, when the shop offers it (docs/architecture.md#store-credit): any order, instead of the above.
  const creditOffer = useStoreCreditAccount().data?.offer;
  const [toCredit, setToCredit] = useState(false);
  const toStoreCredit = toCredit && creditOffer?.refunds === 'choice';
  const request = useRequestReturn(order._id);
  const products = useProductsQuery([...new Set(order.items.map((i) => i.productId))], open && resolution === 'exchange');

  const sizesFor = (productId: string, variantId: string | null) => {
    // Exchanges are for a size at the same price as the one bought (docs/decisions/0016-returns-and-exchanges.md).
    const variants = products.find((p) => p.data?._id === productId)?.data?.variants ?? [];
    const own = variants.find((v) => v._id === variantId);
    return variants.filter((v) => v.isActive && v._id !== variantId && (!own || v.price === own.price));
  };
  const update = (i: number, change: Partial<LineChoice>) => {
    setError(null);
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));
  };

  async function addPhotos(files: FileList | null) {
    const picked = Array.from(files ?? []).slice(0, MAX_RETURN_PHOTOS - photos.length);
    if (picked.length === 0) return;
    setUploading(true);
    setError(null);
    try {
      for (const file of picked) {
        const result = await uploadMedia(file, 'return_photos', {
          targetPath: `/api/orders/${encodeURIComponent(order._id)}/returns/upload-target`,
        });
        setPreviews((all) => ({ ...all, [result.secure_url]: URL.createObjectURL(file) }));
        setPhotos((all) => [...all, result.secure_url]);
      }
    } catch (err) {
      setError(errorMessage(err, 'Failed to upload image'));
    } finally {
      setUploading(false);
    }
  }

  function removePhoto(url: string) {
    setPhotos((all) => all.filter((u) => u !== url));
    setPreviews(({ [url]: preview, ...rest }) => {
      if (preview) URL.revokeObjectURL(preview);
      return rest;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = returnRequestSchema.safeParse({
      lines: order.items
        .map((item, i) => ({ item, choice: lines[i], i }))
        .filter(({ choice }) => choice.selected)
        .map(({ item, choice }) => ({
          orderItemId: item._id,
          quantity: choice.quantity,
          exchangeVariantId: resolution === 'exchange' ? choice.exchangeVariantId || null : null,
        })),
      reason: reason || undefined,
      comment,
      photos,
      resolution,
      refundTo:
        resolution === 'refund' && toStoreCredit
          ? { method: 'store_credit' }
          : cod && resolution === 'refund'
            ? refundTo.method === 'upi'
              ? { method: 'upi', upiId: refundTo.upiId }
              : { method: 'bank', accountName: refundTo.accountName, accountNumber: refundTo.accountNumber, ifsc: refundTo.ifsc }
            : null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    try {
      await request.mutateAsync({ body: parsed.data, idempotencyKey });
      toast.success(resolution === 'exchange' ? 'Exchange requested' : 'Return requested');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not send your request'));
    }
  }

  return (
    <Modal open={open} onClose={onClose} labelledBy="return-heading" dismissible={!request.isPending} className="max-w-lg">
      <form onSubmit={(e) => void submit(e)} className="space-y-5 p-5 sm:p-6" noValidate>
        <h2 id="return-heading" className="font-display text-xl font-semibold text-stone-900">
          Return or exchange
        </h2>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-stone-800">Items</legend>
          {order.items.map((item, i) =>
            returnable[i] > 0 ? (
              <div key={item._id} className="rounded-lg border border-stone-200 p-3">
                <label className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 h-4 w-4 accent-brand"
                    checked={lines[i].selected}
                    onChange={(e) => update(i, { selected: e.target.checked })}
                  />
                  <span className="min-w-0 flex-1 text-sm text-stone-800">
                    <span className="font-medium">{item.title}</span>
                    {item.variantName ? ` · Size ${item.variantName}` : ''} · {formatINR(item.unitPrice)} each
                  </span>
                </label>
                {lines[i].selected ? (
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <Select label="Quantity" value={lines[i].quantity} onChange={(e) => update(i, { quantity: Number(e.target.value) })}>
                      {Array.from({ length: returnable[i] }, (_, n) => (
                        <option key={n + 1} value={n + 1}>
                          {n + 1}
                        </option>
                      ))}
                    </Select>
                    {resolution === 'exchange' ? (
                      <Select
                        label={sizesFor(item.productId, item.variantId).some((v) => v.colour) ? 'New colour or size' : 'New size'}
                        value={lines[i].exchangeVariantId}
                        onChange={(e) => update(i, { exchangeVariantId: e.target.value })}
                      >
                        <option value="">Choose a size</option>
                        {sizesFor(item.productId, item.variantId).map((v) => (
                          <option key={v._id} value={v._id} disabled={v.stockQty < lines[i].quantity}>
                            {variantLabel(v)}
                            {v.stockQty < lines[i].quantity ? ' (out of stock)' : ''}
                          </option>
                        ))}
                      </Select>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ) : null,
          )}
        </fieldset>

        <Select label="Reason" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
          <option value="">Choose a reason</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </Select>

        {sizeExchanges ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">What would you like?</legend>
            <div className="flex flex-wrap gap-4 text-sm text-stone-800">
              {(['refund', 'exchange'] as const).map((r) => (
                <label key={r} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="resolution"
                    className="h-4 w-4 accent-brand"
                    checked={resolution === r}
                    onChange={() => setResolution(r)}
                  />
                  {r === 'refund' ? 'A refund' : 'Another size'}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {resolution === 'refund' && creditOffer?.refunds === 'choice' ? (
          <StoreCreditRefundChoice bonusPercent={creditOffer.bonusPercent} checked={toCredit} onChange={setToCredit} />
        ) : null}

        {cod && resolution === 'refund' && !toStoreCredit ? (
          <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
            <legend className="px-1 text-sm font-medium text-stone-800">Where should we send your refund?</legend>
            <p className="text-xs text-stone-600">You paid in cash, so we send the refund by UPI or bank transfer.</p>
            <div className="flex flex-wrap gap-4 text-sm text-stone-800">
              {(['upi', 'bank'] as const).map((m) => (
                <label key={m} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="refund-method"
                    className="h-4 w-4 accent-brand"
                    checked={refundTo.method === m}
                    onChange={() => setRefundTo((r) => ({ ...r, method: m }))}
                  />
                  {m === 'upi' ? 'UPI ID' : 'Bank account'}
                </label>
              ))}
            </div>
            {refundTo.method === 'upi' ? (
              <Input
                label="UPI ID"
                placeholder="name@okbank"
                autoComplete="off"
                value={refundTo.upiId}
                onChange={(e) => setRefundTo((r) => ({ ...r, upiId: e.target.value }))}
              />
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                <Input
                  label="Account holder's name"
                  autoComplete="name"
                  value={refundTo.accountName}
                  onChange={(e) => setRefundTo((r) => ({ ...r, accountName: e.target.value }))}
                />
                <Input
                  label="Account number"
                  inputMode="numeric"
                  autoComplete="off"
                  value={refundTo.accountNumber}
                  onChange={(e) => setRefundTo((r) => ({ ...r, accountNumber: e.target.value }))}
                />
                <Input
                  label="IFSC"
                  placeholder="SBIN0001234"
                  autoComplete="off"
                  value={refundTo.ifsc}
                  onChange={(e) => setRefundTo((r) => ({ ...r, ifsc: e.target.value }))}
                />
              </div>
            )}
          </fieldset>
        ) : null}

        <div>
          <label htmlFor="return-comment" className="mb-1.5 block text-sm font-medium text-stone-800">
            Anything we should know? (optional)
          </label>
          <textarea
            id="return-comment"
            rows={3}
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className="block w-full rounded-md border border-stone-300 bg-white px-3.5 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm"
          />
        </div>

        <div>
          <p id="return-photos-hint" className="mb-1.5 text-sm font-medium text-stone-800">
            Photos (optional, up to {MAX_RETURN_PHOTOS})
          </p>
          {photos.length ? (
            <ul className="mb-3 flex flex-wrap gap-3" aria-label="Your photos">
              {photos.map((url, i) => (
                <li key={url} className="relative">
                  <img
                    src={previews[url] ?? url}
                    alt={`Your photo ${i + 1}`}
                    width={64}
                    height={64}
                    className="h-16 w-16 rounded-md object-cover"
                  />
                  <button
                    type="button"
                    onClick={() => removePhoto(url)}
                    disabled={uploading}
                    aria-label={`Remove photo ${i + 1}`}
                    className="absolute -right-2 -top-2 flex h-6 w-6 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 shadow-sm hover:border-red-400 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50"
                  >
                    <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
                      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < MAX_RETURN_PHOTOS ? (
            <label
              className={`inline-flex h-11 items-center gap-2 rounded-md border border-dashed border-stone-400 bg-white px-4 text-sm font-medium text-stone-800 hover:border-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
                uploading ? 'cursor-wait opacity-60' : 'cursor-pointer'
              }`}
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
              {uploading ? 'Uploading…' : 'Add photos'}
              <input
                type="file"
                accept="image/*"
                multiple
                aria-describedby="return-photos-hint"
                disabled={uploading}
                onChange={(e) => {
                  void addPhotos(e.target.files);
                  e.target.value = '';
                }}
                className="sr-only"
              />
            </label>
          ) : null}
        </div>

        {resolution === 'refund' && refundPaise > 0 ? (
          <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="refund-preview">
            You'll get <strong>{formatINR(toRupees(refundPaise))}</strong> back{' '}
            {toStoreCredit ? 'as store credit' : cod ? 'by bank transfer or UPI to the account above' : 'to your original payment method'}{' '}
            once we receive the items.{toStoreCredit ? storeCreditBonusWords(refundPaise, creditOffer?.bonusPercent ?? 0) : ''}
          </p>
        ) : null}

        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={request.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending} disabled={uploading}>
            Send request
          </Button>
        </div>
      </form>
    </Modal>
  );
}
