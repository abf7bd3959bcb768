import { describe, expect, it } from 'vitest';
import { whatsAppChatUrl, whatsAppShareUrl } from './whatsapp';

describe('WhatsApp links', () => {
  it('carries the text, encoded, in a share link', () => {
    expect(whatsAppShareUrl('Festive Silk Kurta & Dupatta https://shop.example/product/1?a=b')).toBe(
      'https://wa.me/?text=Festive%20Silk%20Kurta%20%26%20Dupatta%20https%3A%2F%2Fshop.example%2Fproduct%2F1%3Fa%3Db',
    );
  });

  it('adds the country code (91) to a mobile number and refuses anything else', () => {
    expect(whatsAppChatUrl('9845012345')).toBe('https://wa.me/919845012345');
    expect(whatsAppChatUrl('+91 98450-12345')).toBe('https://wa.me/919845012345');
    expect(whatsAppChatUrl('09845012345')).toBe('https://wa.me/919845012345');
    expect(whatsAppChatUrl('')).toBeNull();
    expect(whatsAppChatUrl(undefined)).toBeNull();
    expect(whatsAppChatUrl('12345')).toBeNull();
    expect(whatsAppChatUrl('5845012345')).toBeNull();
  });
});
