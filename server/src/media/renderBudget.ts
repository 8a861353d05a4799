import { ApiError } from '../errors';

/** How much fresh rendering one client address may ask of the CDN. */
export interface RenderBudgetLimits {
  /**
   * Megapixels of source image one address may have decoded per minute (CDN_RENDER_BUDGET): the work of
   * a render grows with the pixels of the image it shrinks, not with the size asked.
   */
  megapixelsPerMinute: number;
  /** Renders one address may have running or waiting at once (CDN_RENDERS_PER_ADDRESS). */
  inFlight: number;
}

/** Over budget: the address asked for more fresh renders than it may; cached sizes are still served. */
export class RenderBudgetError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Te veel nieuwe afbeeldingsformaten gevraagd. Probeer het over ${retryAfterSeconds} seconden opnieuw.`,
    );
    this.name = 'RenderBudgetError';
  }
}

/** Each render costs at least this much, however small its image (opening and encoding cost too). */
const minimumCost = 1;

/** Addresses remembered at most; beyond it those that have been quiet longest are forgotten. */
const maxAddresses = 10_000;

interface Account {
  /** Megapixels still to spend; below zero after a render that cost more than was left. */
  balance: number;
  /** When `balance` was last brought up to date (milliseconds). */
  at: number;
  inFlight: number;
}

/**
 * A budget per client address, for renders only (cache hits are free): a bucket of megapixels that refills
 * continuously at `megapixelsPerMinute` up to that much, charged with each render's source size once it
 * is known (so the last render admitted may overdraw it). An address in debt, or that already has `inFlight` renders under way, is refused
 * at once with 429 and never waits in the shared render queue, so other addresses keep being served.
 * The clock is injected (milliseconds), so tests move time instead of waiting.
 */
export class RenderBudget {
  private readonly accounts = new Map<string, Account>();

  constructor(
    private readonly limits: RenderBudgetLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Admits one render for `address`, or throws `RenderBudgetError`. The returned ticket is charged with
   * the render's cost and must be released when the render ends, however it ends.
   */
  admit(address: string): RenderTicket {
    const account = this.accountOf(address);
    if (account.balance < 0) throw new RenderBudgetError(this.secondsUntilPaidOff(account));
    if (account.inFlight >= this.limits.inFlight) throw new RenderBudgetError(1);
    account.inFlight += 1;
    let released = false;
    return {
      charge: (megapixels) => {
        this.refill(account);
        account.balance -= Math.max(minimumCost, megapixels);
      },
      release: () => {
        if (released) return;
        released = true;
        account.inFlight -= 1;
      },
    };
  }

  /** Megapixels `address` may still spend now (for tests and logs). */
  balanceOf(address: string): number {
    const account = this.accounts.get(address);
    if (!account) return this.limits.megapixelsPerMinute;
    this.refill(account);
    return account.balance;
  }

  private accountOf(address: string): Account {
    let account = this.accounts.get(address);
    if (account) {
      this.refill(account);
      // Most recently used last, so the first entry is the one quiet longest.
      this.accounts.delete(address);
    } else {
      account = { balance: this.limits.megapixelsPerMinute, at: this.now(), inFlight: 0 };
      if (this.accounts.size >= maxAddresses) this.forgetQuietest();
    }
    this.accounts.set(address, account);
    return account;
  }

  private refill(account: Account): void {
    const now = this.now();
    const perMs = this.limits.megapixelsPerMinute / 60_000;
    account.balance = Math.min(
      this.limits.megapixelsPerMinute,
      account.balance + Math.max(0, now - account.at) * perMs,
    );
    account.at = now;
  }

  private secondsUntilPaidOff(account: Account): number {
    const perSecond = this.limits.megapixelsPerMinute / 60;
    return Math.max(1, Math.ceil(-account.balance / perSecond));
  }

  private forgetQuietest(): void {
    for (const [address, account] of this.accounts) {
      if (account.inFlight === 0) {
        this.accounts.delete(address);
        return;
      }
    }
  }
}

/** One admitted render's account: charge its cost once known, release it when it ends. */
export interface RenderTicket {
  charge(megapixels: number): void;
  release(): void;
}
