/**
 * The proforma invoice of an order, drawn like the quotation (quote/pdf.ts): pdfkit with its
 * built-in Helvetica, so `pdftotext` reads it back. The issuer (company, registrations, bank) comes
 * from company.ts, the rest from the order's frozen terms.
 */
import { INCOTERMS, formatMoney, packagingLabel, type Order } from '@agro/shared';
import { dateText, winAnsi as t } from '../quote/index.js';
import type { ProformaIssuer } from './company.js';

const BRAND = '#2f6b2f';
const GREY = '#555555';

export async function proformaPdf(order: Order, issuer: ProformaIssuer): Promise<Buffer> {
  // Loaded on first use, like the quotation's (docs/performance.md, "Memory").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Proforma invoice ${order.orderNumber}`,
      Author: issuer.name,
      Subject: `Proforma invoice for ${order.buyer.companyName}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 130;
  const rowsOf = (rows: [string, string][], boldLabel?: string) => {
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text(t(label), left, y, { width: labelWidth });
      const labelBottom = doc.y;
      doc
        .font(label === boldLabel ? 'Helvetica-Bold' : 'Helvetica')
        .fillColor('black')
        .text(t(value), left + labelWidth, y, { width: width - labelWidth });
      doc.y = Math.max(doc.y, labelBottom) + 4;
    }
  };

  // Letterhead.
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text(t(issuer.name), left, 50);
  doc.fillColor(GREY).font('Helvetica').fontSize(9);
  doc.text(t(issuer.address));
  doc.text(t(`Phone ${issuer.phone}  |  Email ${issuer.email}`));
  if (issuer.registrations.length > 0) doc.text(t(issuer.registrations.map(([k, v]) => `${k} ${v}`).join('  |  ')));
  doc
    .moveTo(left, doc.y + 8)
    .lineTo(left + width, doc.y + 8)
    .strokeColor(BRAND)
    .lineWidth(1.5)
    .stroke();
  doc.moveDown(1.5);

  doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text('PROFORMA INVOICE', left);
  doc.font('Helvetica').fontSize(10);
  doc.text(t(`Proforma invoice number: ${order.orderNumber}`));
  doc.text(t(`Date: ${dateText(order.createdAt)}`));
  doc.text(t(`Against quotation: ${order.terms.quotationNumber}`));
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Buyer');
  doc.font('Helvetica').fontSize(10);
  for (const line of [
    order.buyer.companyName,
    `Attn: ${order.buyer.contactPersonName}`,
    order.buyer.address,
    order.buyer.country,
    `Email: ${order.buyer.companyEmail}  |  Mobile: ${order.buyer.mobileNumber}`,
  ]) {
    doc.text(t(line), { width });
  }
  doc.moveDown();

  const terms = order.terms;
  const incoterm = INCOTERMS.find((i) => i.code === terms.incoterm)?.label ?? terms.incoterm;
  rowsOf(
    [
      ['Product', terms.productName],
      ['HS code', terms.hsCode || '-'],
      ['Quantity', `${terms.quantity.toLocaleString('en-US')} ${terms.unit}`],
      ['Packaging', packagingLabel(terms.packagingType)],
      ['Currency', terms.currency],
      ['Unit price', `${formatMoney(terms.unitPriceMinor, terms.currency)} per ${terms.unit}`],
      ['Total', formatMoney(terms.totalMinor, terms.currency)],
      ['Incoterm', `${terms.incoterm} ${terms.destination} (${incoterm}, Incoterms 2020)`],
      ['Port of loading', terms.portOfLoading],
      ['Destination', terms.destination],
      ['Delivery location', order.buyer.deliveryLocation],
      ['Payment terms', terms.paymentTerms],
      ['Lead time', `${terms.leadTimeDays} days from acceptance (ship by ${order.shipBy})`],
    ],
    'Total',
  );

  if (issuer.bank) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text('Bank details', left);
    doc.moveDown(0.3);
    rowsOf([
      ['Account name', issuer.bank.accountName],
      ['Bank', issuer.bank.bankName],
      ...(issuer.bank.branch ? ([['Branch', issuer.bank.branch]] as [string, string][]) : []),
      ['Account number', issuer.bank.accountNumber],
      ...issuer.bank.codes,
    ]);
  }

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(
    t(
      `This proforma invoice states the terms of quotation ${terms.quotationNumber} as accepted on ${dateText(order.createdAt)}. Please quote ${order.orderNumber} with every payment.`,
    ),
    left,
    doc.y,
    { width },
  );
  doc.text(t(`${issuer.name}  |  ${issuer.email}  |  ${issuer.phone}`), { width });
  doc.end();
  return done;
}
