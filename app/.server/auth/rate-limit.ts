import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Limits on sign-in and sign-up, per client address and per account. They live in this
 * process's memory (see docs/decisions/003): with several servers, each keeps its own count.
 */
export function rateLimitSettings(options: { signUpPerHour: number; signInPer10Minutes: number; serviceRequestsPerHour?: number }) {
  return {
    signInPerAddress: { points: options.signInPer10Minutes, duration: 10 * 60 },
    /** Wrong passwords for one account from one address: then that pair waits (429). */
    signInPerAccountAddress: { points: 5, duration: 15 * 60 },
    /**
     * Wrong passwords for one account from anywhere: never a refusal (anyone could lock the owner
     * out), only a growing delay before the answer (`signInDelayMs`). Also what re-authentication
     * in the profile counts, per person.
     */
    signInPerAccount: { points: 5, duration: 15 * 60 },
    signInFailuresPerAccount: { points: 1_000_000, duration: 15 * 60 },
    signUpPerAddress: { points: options.signUpPerHour, duration: 60 * 60 },
    passwordResetPerAccount: { points: 3, duration: 60 * 60 },
    /** Requests from the service pages (cases), per address: visitors can send them too. */
    serviceRequestsPerAddress: { points: options.serviceRequestsPerHour ?? 10, duration: 60 * 60 },
    /**
     * Receipts of visitors' requests to one email address (or invitations to attach them to the
     * account that has it): past this, the request is still taken but no receipt goes to that
     * address this hour — nobody floods an inbox or a mailbox through the forms from many addresses.
     */
    visitorEmailsPerRecipient: { points: 5, duration: 60 * 60 },
    /** Messages a person writes (new conversations and replies): a burst of 60 in 10 minutes, then a pause. */
    chatMessagesPerPerson: { points: 60, duration: 10 * 60 },
    /** Messages a requester writes on their cases: 20 in 10 minutes, then a pause (429 with Retry-After). */
    caseMessagesPerPerson: { points: 20, duration: 10 * 60 },
  };
}

export type RateLimitName = keyof ReturnType<typeof rateLimitSettings>;

export class RateLimited extends Error {
  override readonly name = "RateLimited";
  constructor(readonly retryAfterSeconds: number) {
    super("too-many-requests");
  }
}

export function isRateLimited(error: unknown): error is RateLimited {
  return error instanceof RateLimited;
}

export function createRateLimits(options: { signUpPerHour: number; signInPer10Minutes: number; serviceRequestsPerHour?: number }) {
  const limiters = Object.fromEntries(
    Object.entries(rateLimitSettings(options)).map(([name, opts]) => [name, new RateLimiterMemory({ ...opts, keyPrefix: name })]),
  ) as Record<RateLimitName, RateLimiterMemory>;

  return {
    /** Counts one attempt; throws RateLimited when the key is over its limit. */
    async consume(name: RateLimitName, key: string): Promise<void> {
      try {
        await limiters[name].consume(key.toLowerCase());
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new RateLimited(Math.ceil(rejection.msBeforeNext / 1000));
        }
        throw rejection;
      }
    },
    /** How many attempts a key has used in its window (without counting one). */
    async used(name: RateLimitName, key: string): Promise<number> {
      return (await limiters[name].get(key.toLowerCase()))?.consumedPoints ?? 0;
    },
    /** Forgets the failures of a key (after a successful sign-in). */
    async reset(name: RateLimitName, key: string): Promise<void> {
      await limiters[name].delete(key.toLowerCase());
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
