// Declaration merging: what this server adds to Fastify's instance, request and route schema types.
import type { BackgroundWork } from './background/backgroundWork';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Identity } from './identity';
import type { Delivery } from './delivery/delivery';
import type { RsvpOutbox } from './rsvp/mailOutbox';
import type { Tracking } from './analytics/tracking';
import type { JourneyEngine } from './journeys/engine';
import type { MailTransport } from './mail/mailTransport';
import type { AuthenticatedUser } from './auth/authenticatedUser';
import type { VerifiedToken } from './auth/bearer';
import type { DownloadRoutes } from './auth/downloadRoutes';
import type { DownloadTicketKeys } from './auth/downloadTicketKeys';
import type { OperationRoles } from './auth/operationRoleCheck';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    identity: Identity;
    /** Outgoing mail (mail/mailTransport.ts): the mailer, the sender, the embedded catcher's store. */
    mail: MailTransport;
    /** Delivery jobs (delivery/delivery.ts): queueing them and the unsubscribe-link key. */
    delivery: Delivery;
    /** The sender of queued RSVP emails (rsvp/mailOutbox.ts): kicked after an answer is recorded. */
    rsvpOutbox: Pick<RsvpOutbox, 'kick'>;
    /** The sender of queued sign-up mails (signUp/mailOutbox.ts): kicked after a sign-up is stored. */
    signUpOutbox: { kick(): void };
    /** The background duties this process runs (background/duties.ts). */
    background: BackgroundWork;
    /** Opens and clicks of delivered messages (analytics/tracking.ts). */
    tracking: Tracking;
    /** Journeys (journeys/engine.ts): their clock and one ticker round (the ticker itself is a duty). */
    journeys: JourneyEngine;
    /** The clock (milliseconds) of the CDN's per-address render budget (media/renderBudget.ts). */
    cdnClock: () => number;
    /** The clock of the sign-up pages (signUp/): time tokens, sign-up and confirmation moments. */
    signUpClock: () => Date;
    /** The key and clock of download tickets (auth/downloadTicket.ts). */
    downloadTickets: DownloadTicketKeys;
    /** The GET routes declared `x-download`; set by the environment scope (routes/scope.ts), inside it. */
    downloadRoutes: DownloadRoutes;
    /** The least role of each route of the environment scope; set by the scope (routes/scope.ts), inside it. */
    operationRoles: OperationRoles;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the asker's membership in its own first query (routes/scope.ts, routeMemberCheck)
     * instead of the scope's query before it: on PGlite a query costs about 1–1.5 ms whatever it reads,
     * which weighs on a small preview (docs/performance.md, rendering). Its handler must admit the member.
     */
    membershipInRouteQuery?: boolean;
  }
  interface FastifyRequest {
    /** Set by the environment scope (routes/scope.ts); only meaningful inside it. */
    environmentId: string;
    /** Set by the environment scope (routes/scope.ts); only meaningful inside it. */
    user: AuthenticatedUser;
    /** The verified access token; set by auth/bearer.ts requireAccessToken and by the environment scope. */
    accessToken: VerifiedToken;
  }
  interface FastifySchema {
    /** Marks a call the spec does not show (added for the console); copied into the OpenAPI document. */
    'x-extension'?: boolean;
    /**
     * A GET whose answer is a file the browser saves: it also takes a download ticket (`?ticket=…`, see
     * auth/downloadTicket.ts) instead of the bearer token and X-Environment-Id header.
     */
    'x-download'?: boolean;
    /**
     * Media types of a 200 answer that is a file rather than JSON (a download, a CSV, an image): the
     * OpenAPI document describes that answer as bytes of these types (openApiDocument.ts).
     */
    'x-produces'?: string[];
  }
}
