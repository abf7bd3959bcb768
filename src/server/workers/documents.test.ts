import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceData } from '../modules/invoices/service';
import { PDF_FONT_FILES } from '../pdf-fonts/pdf-fonts';
import { createDocuments, inlineDocuments, type Documents } from './documents';

// The documents worker (issue 20) as the shop runs it: bundled with esbuild beside its fonts, as
// scripts/lib/server-bundle.mjs bundles it beside the server (inside the project, so that its
// packages resolve from node_modules).
let dir: string;
let worker: Documents;
beforeAll(async () => {
  mkdirSync('build', { recursive: true });
  dir = mkdtempSync(path.join('build', 'test-documents-worker-'));
  await build({
    entryPoints: { 'documents-worker': 'src/server/workers/documents-worker.ts' },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  for (const file of PDF_FONT_FILES) copyFileSync(path.join('src/server/pdf-fonts', file), path.join(dir, file));
  worker = createDocuments(pathToFileURL(path.resolve(dir, 'documents-worker.js')));
}, 60_000);
afterAll(async () => {
  await worker.close();
  rmSync(dir, { recursive: true, force: true });
});

const invoice: InvoiceData = {
  orderId: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  invoiceNumber: 'RM/2026-27/01234',
  orderReference: '9C0D1E2F',
  issuedAt: new Date('2026-11-25T10:00:00Z'),
  paymentMethod: 'razorpay',
  seller: {
    legalName: 'Rangmanch Retail Pvt Ltd',
    address: '12 MG Road, Bengaluru 560001',
    state: 'Karnataka',
    stateCode: '29',
    gstin: '29ABCDE1234F1Z5',
    supportEmail: 'help@rangmanch.in',
    supportPhone: '+91 80 1234 5678',
  },
  buyer: {
    name: 'Asha Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    addressLines: ['14 Lake View', 'Pune, Maharashtra 411001', 'India'],
  },
  placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
  intraState: false,
  lines: [
    {
      orderItemId: 'a1',
      description: 'Indigo cotton kurta',
      size: 'M',
      hsn: '6211',
      quantity: 1,
      unitPricePaise: 129_900,
      discountPaise: 6_495,
      taxablePaise: 117_529,
      taxRateBp: 500,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 5_876,
      totalPaise: 123_405,
    },
  ],
  totals: {
    taxablePaise: 117_529,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 5_876,
    linesPaise: 123_405,
    shippingPaise: 0,
    grandTotalPaise: 123_405,
  },
};

async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    for (const item of (await (await doc.getPage(n)).getTextContent()).items)
      if ('str' in item && item.str.trim()) items.push(item.str.trim());
  }
  return items.join('|');
}

describe('documents worker', () => {
  it('draws the same invoice as the request thread', async () => {
    const [fromWorker, inline] = await Promise.all([worker.pdf(invoice), inlineDocuments.pdf(invoice)]);
    expect(Buffer.isBuffer(fromWorker)).toBe(true);
    const text = await pdfText(fromWorker);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('RM/2026-27/01234');
    expect(text).toContain('Asha Verma');
    expect(text).toContain('₹1,234.05');
    expect(text).toBe(await pdfText(inline));
  });

  it('composes the MIME message with the PDF attached and its envelope', async () => {
    const pdf = await worker.pdf(invoice);
    const { raw, envelope } = await worker.mime('Rangmanch <orders@rangmanch.in>', {
      to: 'asha@example.in',
      subject: 'Order #9C0D1E2F confirmed',
      text: 'Thank you',
      html: '<p>Thank you</p>',
      files: [{ filename: 'invoice-RM-2026-27-01234.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(envelope).toEqual({ from: 'orders@rangmanch.in', to: ['asha@example.in'] });
    const eml = raw.toString('utf8');
    expect(eml).toMatch(/^Subject: Order #9C0D1E2F confirmed$/m);
    expect(eml).toMatch(/^Message-ID: </m);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=invoice-RM-2026-27-01234\.pdf/);
    const part = eml.split(/Content-Disposition: attachment; filename=invoice-RM-2026-27-01234\.pdf\r\n\r\n/)[1].split('\r\n--')[0];
    expect(Buffer.from(part.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
  });

  it('answers a failing task with its error and keeps serving', async () => {
    const broken = { ...invoice, lines: null } as unknown as InvoiceData;
    await expect(worker.pdf(broken)).rejects.toThrow();
    expect((await worker.pdf(invoice)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('rejects the pending work when the worker stops, and starts again for the next task', async () => {
    const pending = expect(worker.pdf(invoice)).rejects.toThrow('the documents worker was closed');
    await worker.close();
    await pending;
    expect((await worker.pdf(invoice)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('draws in the calling thread when the worker is not built (running from source)', () => {
    expect(createDocuments(pathToFileURL(path.join(dir, 'missing.js')))).toBe(inlineDocuments);
  });
});
