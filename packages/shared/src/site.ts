/**
 * The company's own details: one place to change them. The server uses them in mails,
 * the web app in the header, footer, contact and about pages.
 */
export const SITE = {
  companyName: 'Sahyadri Agro Exports',
  tagline: 'Natural jaggery, fried onions and more from Kolhapur to the world',
  founded: 'May 2025',
  foundedYear: 2025,
  origin: 'Kolhapur, Maharashtra, India',
  phone: '+91 98765 43210',
  whatsapp: '+91 98765 43210',
  email: 'info@sahyadriagroexports.com',
  address: {
    line1: 'Plot 12, Shiroli MIDC',
    city: 'Kolhapur',
    state: 'Maharashtra',
    postalCode: '416122',
    country: 'India',
  },
  social: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    linkedin: 'https://www.linkedin.com/',
    twitter: 'https://x.com/',
  },
  founder: {
    name: 'Aditya Patil',
    title: 'Founder & CEO',
  },
  businessHours: [
    { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
    { days: 'Saturday', hours: '9:00 AM - 2:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  businessHoursTimezone: 'IST',
  replyPromise: 'We reply to every inquiry within 24 hours.',
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

export function formatAddress(): string {
  const a = SITE.address;
  return `${a.line1}, ${a.city}, ${a.state} ${a.postalCode}, ${a.country}`;
}
