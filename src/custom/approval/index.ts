/** The custom parts of 'Goedkeuring' (src/resources/approvals, approvalSettings), loaded on first use. */
export { ApprovalBadge } from './ApprovalBadge';
export { ApprovalJourneySection } from './ApprovalJourneySection';
export { ApprovalReviewSection } from './ApprovalReviewSection';
export { ApprovalSummary } from './ApprovalSummary';
