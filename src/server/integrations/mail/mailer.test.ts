import { describe, expect, it } from 'vitest';
import { composeMail } from './mailer';

// The MIME bytes every mail is sent or written as (MailComposer instead of sendMail).
describe('composeMail', () => {
  const pdf = Buffer.from(`%PDF-1.3 ${'x'.repeat(300)}`);
  const message = {
    to: 'asha@example.in',
    subject: 'Order #9C0D1E2F confirmed',
    text: 'Thank you',
    html: '<p>Thank you</p>',
    files: [{ filename: 'invoice-RM-2026-27-01234.pdf', contentType: 'application/pdf', content: pdf }],
  };

  it('composes the text, the HTML and the file, with the SMTP envelope from the headers', async () => {
    const { raw, envelope } = await composeMail('Rangmanch <orders@rangmanch.in>', message);
    expect(envelope).toEqual({ from: 'orders@rangmanch.in', to: ['asha@example.in'] });
    const eml = raw.toString('utf8');
    expect(eml).toMatch(/^From: Rangmanch <orders@rangmanch\.in>\r$/m);
    expect(eml).toMatch(/^Subject: Order #9C0D1E2F confirmed\r$/m);
    expect(eml).toMatch(/^Message-ID: <.+>\r$/m);
    expect(eml).toMatch(/^Date: .+\r$/m);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    const part = eml.split(/Content-Disposition: attachment; filename=invoice-RM-2026-27-01234\.pdf\r\n\r\n/)[1].split('\r\n--')[0];
    expect(Buffer.from(part.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
  });

  it('ends lines with LF for the outbox folder', async () => {
    const { raw } = await composeMail('Rangmanch <orders@rangmanch.in>', message, 'unix');
    expect(raw.includes('\r\n')).toBe(false);
    expect(raw.toString('utf8')).toMatch(/^Subject: Order #9C0D1E2F confirmed$/m);
  });
});
