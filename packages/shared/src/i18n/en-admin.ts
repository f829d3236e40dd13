/** The English catalogue: the administrators' screens' texts (loaded with those screens, see catalogue.ts). */
import { BOT_SIGNAL_TEXT, SPAM_REASON_TEXT } from '../bot-signals.js';
import { LEADS_TEXT } from '../leads.js';
import { plural, singularPlural } from './plural.js';

const enAdmin = {
  inquiries: {
    eyebrow: 'Leads',
    title: LEADS_TEXT.inbox,
    intro: 'Every contact inquiry in one place. Mark one handled once you have replied.',
    heading: LEADS_TEXT.inquiries,
    ...plural('count', singularPlural('{{total}} inquiry', '{{total}} inquiries')),
    dashboard: LEADS_TEXT.dashboard,
    allQuotes: 'All Quotes',
    filterLabel: 'Filter inquiries',
    exportLabel: 'Export CSV of the filtered inquiries',
    loading: 'Loading inquiries',
    noInquiries: LEADS_TEXT.noInquiries,
    noMatches: LEADS_TEXT.noMatches,
    listLabel: 'Inquiries, newest first',
    statusOpen: 'Open',
    statusHandled: 'Handled',
    handledAt: 'Handled ({{when}})',
    heldAsSpam: BOT_SIGNAL_TEXT.heldAsSpam,
    spamReason: {
      honeypot: SPAM_REASON_TEXT.honeypot,
      tooFast: SPAM_REASON_TEXT['too-fast'],
      links: SPAM_REASON_TEXT.links,
      pattern: SPAM_REASON_TEXT.pattern,
    },
    productGone: 'Product no longer listed',
    notSpam: BOT_SIGNAL_TEXT.notSpam,
    notSpamLabel: `${BOT_SIGNAL_TEXT.notSpam}: the inquiry from {{company}}`,
    open: 'Open',
    openLabel: 'Open the inquiry from {{company}}',
    reopen: 'Reopen',
    reopenLabel: 'Reopen: the inquiry from {{company}}',
    markHandled: 'Mark handled',
    markHandledLabel: 'Mark handled: the inquiry from {{company}}',
    delete: 'Delete',
    deleteLabel: 'Delete the inquiry from {{company}}',
    deleteConfirm: LEADS_TEXT.deleteInquiryConfirm,
    pages: 'Pages of inquiries',
    dialogTitle: 'Inquiry from {{company}}',
    close: 'Close',
    name: 'Name',
    email: 'Email',
    company: 'Company',
    country: 'Country',
    product: 'Product',
    quantity: 'Estimated quantity',
    received: 'Received',
    status: 'Status',
    message: 'Message',
  },
};

export default enAdmin;
