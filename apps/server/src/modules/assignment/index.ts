/**
 * The owners of leads (issue 41) as other modules use them: the rule that gives a new quote
 * request or inquiry its owner, an administrator's change of owner and follow-up day (quotes,
 * inquiries, orders), the hand-back when an administrator is removed, and where the company's
 * mails about a lead go (its owner, else the notification address).
 */
export { assignNewLead, chooseAssignee, handBackLeads, setLeadHandling, setOrderFollowUp } from './service.js';
export { findAdmin, ownerAddress } from './repository.js';
