/** The custom parts of 'Goedkeuring' (src/resources/approvals, approvalSettings), loaded on first use. */
export { ApprovalBadge } from './ApprovalBadge';
export { ApprovalReviewSection } from './ApprovalReviewSection';
export { ApprovalSummary } from './ApprovalSummary';
