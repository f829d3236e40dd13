/**
 * The quotation PDF of a quote's current offer, drawn with pdfkit in its built-in Helvetica (no
 * font files to ship; the text stays extractable, e.g. by `pdftotext`). Helvetica covers Latin-1
 * (WinAnsi): other characters of user text are written as '?' rather than as wrong glyphs.
 */
import {
  INCOTERMS,
  SITE,
  certificationLabel,
  formatMoney,
  formatPostalAddress,
  packagingLabel,
  type Quote,
  type QuoteOffer,
  type SiteSettings,
} from '@agro/shared';

/** Characters Helvetica's WinAnsi encoding can show; the rest become '?'. */
export const winAnsi = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\n\u0020-\u007E\u00A0-\u00FF]/g, '?');

export const dateText = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
const validityText = (validUntil: string): string => `${dateText(`${validUntil}T12:00:00.000Z`)} (end of day, India time)`;

const BRAND = '#2f6b2f';
const GREY = '#555555';

/** The registration numbers that are set, as printed under the letterhead. */
function registrationLine(r: SiteSettings['registrations']): string {
  return [
    ['IEC', r.iec],
    ['GSTIN', r.gstin],
    ['APEDA RCMC', r.apedaRcmc],
    ['FSSAI Lic.', r.fssaiLicence],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k} ${v}`)
    .join('  |  ');
}

/** The bank details that are set (only on the quotation: never in a public answer). */
function bankRows(b: SiteSettings['bankDetails']): [string, string][] {
  const rows: [string, string][] = [
    ['Beneficiary', b.accountName],
    ['Bank', b.bankName],
    ['Branch', b.branch],
    ['Account number', b.accountNumber],
    ['IFSC', b.ifsc],
    ['SWIFT', b.swift],
  ];
  return rows.filter(([, v]) => v);
}

export async function quotationPdf(quote: Quote, offer: QuoteOffer, settings: SiteSettings): Promise<Buffer> {
  // Loaded on first use: pdfkit adds about 20 MB to every server process that imports it, and
  // most never draw a quotation (docs/performance.md, "Memory").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Quotation ${offer.quotationNumber}`,
      Author: SITE.companyName,
      Subject: `Quotation for ${quote.companyName}`,
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
  const t = (text: string) => winAnsi(text);

  // Letterhead (the site settings).
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text(t(SITE.companyName), left, 50);
  doc.fillColor(GREY).font('Helvetica').fontSize(9);
  doc.text(t(formatPostalAddress(settings.address)));
  doc.text(t(`Phone ${settings.phone}  |  Email ${settings.publicEmail}`));
  const registrations = registrationLine(settings.registrations);
  if (registrations) doc.text(t(registrations));
  doc
    .moveTo(left, doc.y + 8)
    .lineTo(left + width, doc.y + 8)
    .strokeColor(BRAND)
    .lineWidth(1.5)
    .stroke();
  doc.moveDown(1.5);

  // Title, number and date.
  doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text('QUOTATION', left);
  doc.font('Helvetica').fontSize(10);
  doc.text(t(`Quotation number: ${offer.quotationNumber}`));
  doc.text(t(`Date: ${dateText(offer.createdAt)}`));
  doc.text(t(`Valid until: ${validityText(offer.validUntil)}`));
  doc.moveDown();

  // Buyer.
  doc.font('Helvetica-Bold').fontSize(11).text('To');
  doc.font('Helvetica').fontSize(10);
  for (const line of [
    quote.companyName,
    `Attn: ${quote.contactPersonName}`,
    quote.address,
    quote.country,
    `Email: ${quote.companyEmail}  |  Mobile: ${quote.mobileNumber}`,
  ]) {
    doc.text(t(line), { width });
  }
  doc.moveDown();

  // The goods and the price.
  const product = quote.productId?.productName ?? 'Product no longer listed';
  const unit = offer.priceBasis;
  const incoterm = INCOTERMS.find((i) => i.code === offer.incoterm)?.label ?? offer.incoterm;
  const packaging = packagingLabel(quote.packagingType);
  const rows: [string, string][] = [
    ['Product', product],
    ['Quantity', `${quote.requiredQty.toLocaleString('en-US')} ${unit}`],
    ['Packaging', packaging + (quote.isCustomPackagingRequired ? ' (custom packaging)' : '')],
    ['Currency', offer.currency],
    ['Unit price', `${formatMoney(offer.unitPriceMinor, offer.currency)} per ${unit}`],
    ['Total', formatMoney(offer.totalMinor, offer.currency)],
    ['Incoterm', `${offer.incoterm} ${offer.destination} (${incoterm}, Incoterms 2020)`],
    ['Port of loading', offer.portOfLoading],
    ['Destination', offer.destination],
    ['Lead time', `${offer.leadTimeDays} days`],
    ['Payment terms', offer.paymentTerms],
    ['Validity', validityText(offer.validUntil)],
    // What the buyer asked for in the trade terms (issue 27): the offer is made knowing it.
    ...(quote.tradeTerms?.certifications.length
      ? ([['Certifications requested', quote.tradeTerms.certifications.map(certificationLabel).join(', ')]] as [string, string][])
      : []),
    ...(quote.tradeTerms?.sampleFirst
      ? ([['Sample', 'Requested before the order (free samples up to 500 g; shipping paid by the buyer)']] as [string, string][])
      : []),
  ];
  const labelWidth = 130;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text(t(label), left, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor('black')
      .text(t(value), left + labelWidth, y, {
        width: width - labelWidth,
      });
    doc.y = Math.max(doc.y, labelBottom) + 4;
  }

  if (offer.note) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text('Note', left);
    doc.font('Helvetica').fontSize(10).text(t(offer.note), { width });
  }

  const bank = bankRows(settings.bankDetails);
  if (bank.length > 0) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text('Bank details', left);
    doc.font('Helvetica').fontSize(10);
    for (const [label, value] of bank) doc.text(t(`${label}: ${value}`), { width });
  }

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(
    t(
      `Prices are ${offer.currency} per ${unit}, ${offer.incoterm} as stated above. This quotation is subject to the buyer's acceptance before it expires.`,
    ),
    left,
    doc.y,
    { width },
  );
  doc.text(t(`${SITE.companyName}  |  ${settings.publicEmail}  |  ${settings.phone}`), { width });
  doc.end();
  return done;
}
