import { SITE } from '@agro/shared';
import { LegalLayout, type LegalSection } from './legal-layout';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Use of this website',
    body: (
      <p>
        This website presents {SITE.companyName}&apos;s products and lets business buyers request quotations. You agree to give accurate
        information, keep your password confidential and not misuse the site (for example by automated scraping or attempts to break its
        security).
      </p>
    ),
  },
  {
    heading: 'Product information',
    body: (
      <p>
        Descriptions, images and specifications are given in good faith and may vary slightly between harvests and lots. The agreed
        specification for an order is the one stated in the confirmed proforma invoice or sales contract.
      </p>
    ),
  },
  {
    heading: 'Quotations and orders',
    body: (
      <ul>
        <li>A quotation is an offer valid for the period stated in it and is not binding until we confirm the order in writing.</li>
        <li>Minimum order quantities apply (for example 1000 kg for jaggery and 500 kg for fried onions).</li>
        <li>Prices, Incoterms, packaging and delivery schedule are those of the confirmed contract.</li>
      </ul>
    ),
  },
  {
    heading: 'Payment',
    body: <p>Payment is accepted by Letter of Credit (LC), Telegraphic Transfer (TT) or other international methods agreed in writing.</p>,
  },
  {
    heading: 'Samples',
    body: <p>Free samples of up to 500g may be provided on request; shipping costs for samples are paid by the customer.</p>,
  },
  {
    heading: 'Delivery and risk',
    body: (
      <p>
        Typical delivery takes 15-30 days depending on the destination. Risk and title pass according to the Incoterm of the contract. We
        are not liable for delays caused by events beyond our reasonable control, such as port congestion, weather or government action.
      </p>
    ),
  },
  {
    heading: 'Intellectual property',
    body: <p>Texts, photos, logos and the brochure on this site belong to {SITE.companyName} and may not be reused without permission.</p>,
  },
  {
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of India. Disputes fall under the jurisdiction of the courts of {SITE.address.city},{' '}
        {SITE.address.state}, unless a contract states otherwise.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms and Conditions"
      intro={
        <p>
          These terms apply to your use of this website and to quotations issued by {SITE.companyName}. Please read them before requesting a
          quote.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
