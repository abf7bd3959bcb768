/**
 * WhatsApp links: "Share on WhatsApp" on the product page (a
 * wa.me link carrying the title and the product's URL, whose Open Graph tags make the preview) and
 * the shop's support chat from the settings' WhatsApp number (wa.me/91XXXXXXXXXX).
 */

/** https://wa.me/?text=<text>: WhatsApp opens with `text` ready to send to a chat the shopper picks. */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * The chat link of an Indian mobile number ('9845012345', '+91 98450 12345'): wa.me wants the
 * country code and digits only. Null when `number` is not a 10-digit Indian mobile (unset settings).
 */
export function whatsAppChatUrl(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '').replace(/^(?:91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? `https://wa.me/91${digits}` : null;
}
