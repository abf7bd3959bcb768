/**
 * What the shopper has of each order line after size exchanges
 * (docs/decisions/0016-returns-and-exchanges.md "What the order page shows"). The stored order line
 * keeps what was sold (the invoice's line); the order page and the admin's order read it together
 * with the order's returns: an exchange counts once its parcel has shipped (status
 * 'exchange_shipped'), not while it is asked for, approved or on its way back, since it may still be
 * rejected and the shopper still has the old size.
 */
import type { ReturnRequest } from './schemas/returns';

/** Units of one order line sent in another size. */
export interface ExchangedUnits {
  size: string;
  quantity: number;
}

/** The shipped exchanges of an order's returns, by order line id (`orderItemId`). */
export function exchangesByLine(returns: readonly Pick<ReturnRequest, 'status' | 'lines'>[]): Map<string, ExchangedUnits[]> {
  const byLine = new Map<string, ExchangedUnits[]>();
  for (const ret of returns) {
    if (ret.status !== 'exchange_shipped') continue;
    for (const line of ret.lines) {
      if (!line.exchangeSize) continue;
      const units = byLine.get(line.orderItemId) ?? [];
      const same = units.find((u) => u.size === line.exchangeSize);
      if (same) same.quantity += line.quantity;
      else units.push({ size: line.exchangeSize, quantity: line.quantity });
      byLine.set(line.orderItemId, units);
    }
  }
  return byLine;
}

/**
 * The size an order line shows: its own (`variantName`, null without sizes) with no exchange;
 * 'L (exchanged from M)' when every unit went out in another size ('1 × L, 1 × XL (exchanged from
 * M)' for two); 'M (1 exchanged for L)' when some did.
 */
export function lineSizeText(
  item: { variantName: string | null; quantity: number },
  exchanged: readonly ExchangedUnits[] | undefined,
): string | null {
  if (!exchanged?.length) return item.variantName;
  const units = exchanged.reduce((sum, u) => sum + u.quantity, 0);
  if (units >= item.quantity) {
    const sizes = exchanged.length === 1 ? exchanged[0].size : exchanged.map((u) => `${u.quantity} × ${u.size}`).join(', ');
    return item.variantName ? `${sizes} (exchanged from ${item.variantName})` : `${sizes} (exchanged)`;
  }
  const parts = exchanged.map((u) => `${u.quantity} exchanged for ${u.size}`).join(', ');
  return item.variantName ? `${item.variantName} (${parts})` : parts;
}
