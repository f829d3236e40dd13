/**
 * The company's fixed details (name, founding year, founder, packaging) and the SEED DEFAULTS of
 * its contact details, FAQ and certifications; its texts (tagline, origin, the reply promise) are
 * in the message files (locales/, `site`). Those are edited from /settings and
 * read from the database (settings.ts, issue 26): nothing but DEFAULT_SETTINGS reads them here.
 */
export const SITE = {
  companyName: 'Sahyadri Agro Exports',
  foundedYear: 2025,
  phone: '+919876543210',
  whatsapp: '+919876543210',
  email: 'info@sahyadriagroexports.com',
  address: {
    line1: 'Plot 12, Shiroli MIDC',
    city: 'Kolhapur',
    state: 'Maharashtra',
    postalCode: '416122',
    country: 'India',
  },
  founder: {
    name: 'Aditya Patil',
  },
  /** Business hours (SPEC.md section 1: Mon-Fri 9-6, Saturday 9-2, Sunday closed) are kept in this zone. */
  businessHoursTimeZone: 'Asia/Kolkata',
  certifications: ['ISO', 'FSSAI', 'APEDA', 'HACCP'],
  packagingOptions: [
    'Bulk 25kg bags',
    'Bulk 50kg bags',
    'Retail 500g packs',
    'Retail 1kg packs',
    'Retail 2kg packs',
    'Custom / private label',
    'Export packaging',
  ],
  faq: [
    {
      question: 'What is your minimum order quantity?',
      answer: 'Minimum order varies by product: 1000 kg for jaggery and 500 kg for fried onions.',
    },
    {
      question: 'Do you provide free samples?',
      answer: 'Yes, we provide free samples up to 500g; shipping is paid by the customer.',
    },
    {
      question: 'What payment methods do you accept?',
      answer: 'We accept LC (Letter of Credit), TT (Telegraphic Transfer) and other international payment options.',
    },
    {
      question: 'How long does delivery take?',
      answer: 'Delivery typically takes 15-30 days depending on the destination.',
    },
  ],
} as const;
