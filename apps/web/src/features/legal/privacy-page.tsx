import { SITE } from '@agro/shared';
import { LegalLayout, PublicEmail, type LegalSection } from './legal-layout';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Information we collect',
    body: (
      <ul>
        <li>
          Account details you give us when you register: full name, email address, phone number and a password (stored only as a secure
          hash).
        </li>
        <li>
          Business details you send in quote requests and inquiries: company name, contact person, address, country, delivery location,
          products and quantities.
        </li>
        <li>A single session cookie that keeps you logged in. We do not use advertising or third-party tracking cookies.</li>
        <li>Basic technical logs (such as IP address and time of request) kept to protect the site against abuse.</li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <ul>
        <li>To answer your inquiries and prepare quotations, usually within 24 hours.</li>
        <li>To manage your account, including password reset emails you request.</li>
        <li>To process and ship orders, prepare export documents and meet legal obligations in India and the destination country.</li>
      </ul>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        We never sell your data. We share only what is needed with freight forwarders, shipping lines, banks handling LC or TT payments,
        inspection agencies and government authorities (customs, APEDA, FSSAI) for the order you place, or when the law requires it.
      </p>
    ),
  },
  {
    heading: 'Retention and security',
    body: (
      <p>
        Account data is kept while your account is active; quotation and order records are kept as long as Indian tax and export rules
        require. Access is limited to authorised staff, passwords are hashed, and the site is served over encrypted connections.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You may ask to see, correct or delete your personal data, or withdraw consent to being contacted, by writing to <PublicEmail />. You
        can update your name, email and phone yourself on your profile page.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: <p>We may update this policy; the date above shows the latest version. Significant changes will be announced on this site.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          {SITE.companyName} respects the privacy of the buyers and visitors who use this website. This policy explains what information we
          collect, why, and how you can control it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
