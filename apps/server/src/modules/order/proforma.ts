/**
 * The proforma invoice of an order, in the buyer's language (issue 28), drawn like the quotation
 * with its pens (quote/pdf.ts): Helvetica for English, Spanish, French and German, Arabic right to
 * left in its embedded font, so `pdftotext` reads every one back. The issuer (company,
 * registrations, bank) comes from company.ts, the rest from the order's frozen terms; labels and
 * fixed texts from the catalogues (`proforma.*`, and the quotation's `pdf.*` for the rows they
 * share). Codes, Incoterms, units and the buyer's and company's own texts are printed as written.
 */
import { DEFAULT_LANGUAGE, INCOTERMS, formatMoneyIn, type Language, type Order } from '@agro/shared';
import { translator } from '../../lib/i18n.js';
import { dateIn, dayIn, packagingIn, quantityIn, startPdf } from '../quote/index.js';
import type { ProformaIssuer } from './company.js';

export async function proformaPdf(order: Order, issuer: ProformaIssuer, language: Language = DEFAULT_LANGUAGE): Promise<Buffer> {
  const tr = translator(language);
  const registrations = issuer.registrations.map(([k, v]) => `${k} ${v}`).join('  |  ');
  const { doc, pen, left, finish } = await startPdf(
    language,
    { ...issuer, registrations },
    {
      title: tr('proforma.docTitle', { number: order.orderNumber }),
      subject: tr('proforma.docSubject', { company: order.buyer.companyName }),
    },
  );
  const terms = order.terms;
  const money = (minor: number) => formatMoneyIn(minor, terms.currency, language);
  const accepted = dateIn(order.createdAt, language);
  const shipBy = dayIn(order.shipBy, language);

  pen.text(tr('proforma.title'), { size: 16, bold: true, color: 'black' }, { x: left });
  pen.text(tr('proforma.number', { number: order.orderNumber }), { size: 10 });
  pen.text(tr('pdf.date', { date: accepted }), { size: 10 });
  pen.text(tr('proforma.againstQuotation', { number: terms.quotationNumber }), { size: 10 });
  doc.moveDown();

  pen.text(tr('proforma.buyer'), { size: 11, bold: true });
  for (const line of [
    order.buyer.companyName,
    tr('pdf.attn', { name: order.buyer.contactPersonName }),
    order.buyer.address,
    order.buyer.country,
    tr('pdf.buyerContact', { email: order.buyer.companyEmail, mobile: order.buyer.mobileNumber }),
  ]) {
    pen.text(line, { size: 10 }, undefined, true);
  }
  doc.moveDown();

  const incoterm = INCOTERMS.find((i) => i.code === terms.incoterm)?.label ?? terms.incoterm;
  // Issue 45: an order of several lines lists them with their HS codes and weights (a one-line order's PDF is as it was).
  const goods: [string, string][] =
    order.items.length > 1
      ? order.items.map((item, i) => [
          `${i + 1}. ${item.productName}`,
          tr('proforma.lineValue', {
            hsCode: item.hsCode || '-',
            quantity: quantityIn(item.quantity, language),
            unit: item.unit,
            weight: item.weightKg === null ? '-' : tr('proforma.weight', { kg: quantityIn(item.weightKg, language) }),
            packaging: packagingIn(item.packagingType, tr),
            price: money(item.unitPriceMinor),
            total: money(item.totalMinor),
          }),
        ])
      : [
          [tr('pdf.rowProduct'), terms.productName],
          [tr('proforma.rowHsCode'), terms.hsCode || '-'],
          [tr('pdf.rowQuantity'), `${quantityIn(terms.quantity, language)} ${terms.unit}`],
          [tr('pdf.rowPackaging'), packagingIn(terms.packagingType, tr)],
        ];
  const rows: [string, string][] = [
    ...goods,
    [tr('pdf.rowCurrency'), terms.currency],
    ...(order.items.length > 1
      ? []
      : ([[tr('pdf.rowUnitPrice'), tr('pdf.unitPriceValue', { price: money(terms.unitPriceMinor), unit: terms.unit })]] as [
          string,
          string,
        ][])),
    [tr('pdf.rowTotal'), money(terms.totalMinor)],
    [tr('pdf.rowIncoterm'), tr('pdf.incotermValue', { code: terms.incoterm, destination: terms.destination, name: incoterm })],
    [tr('pdf.rowPortOfLoading'), terms.portOfLoading],
    [tr('pdf.rowDestination'), terms.destination],
    [tr('proforma.rowDeliveryLocation'), order.buyer.deliveryLocation],
    [tr('pdf.rowPaymentTerms'), terms.paymentTerms],
    [tr('pdf.rowLeadTime'), tr('proforma.leadTimeValue', { days: terms.leadTimeDays, date: shipBy })],
  ];
  const totalLabel = tr('pdf.rowTotal');
  for (const [label, value] of rows) pen.row(label, value, label === totalLabel);

  if (issuer.bank) {
    doc.moveDown();
    pen.text(tr('pdf.bankDetails'), { size: 11, bold: true, color: 'black' }, { x: left });
    doc.moveDown(0.3);
    const bankRows: [string, string][] = [
      [tr('proforma.accountName'), issuer.bank.accountName],
      [tr('pdf.bank'), issuer.bank.bankName],
      ...(issuer.bank.branch ? ([[tr('pdf.branch'), issuer.bank.branch]] as [string, string][]) : []),
      [tr('pdf.accountNumber'), issuer.bank.accountNumber],
      ...issuer.bank.codes,
    ];
    for (const [label, value] of bankRows) pen.row(label, value, false);
  }

  return finish(tr('proforma.footer', { quotation: terms.quotationNumber, date: accepted, number: order.orderNumber }));
}
