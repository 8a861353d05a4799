/** The sender's own parts, loaded with its settings pages (src/resources/sender). */
export { SendingDomainRecords } from './SendingDomainRecords';
export { SenderStatus } from './SenderStatus';
export { SenderSummary, SendingDomainSummary } from './SenderSummaries';
