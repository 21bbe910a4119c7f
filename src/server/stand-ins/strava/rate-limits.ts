/**
 * Strava's rate limits (https://developers.strava.com/docs/rate-limits/): per application, a 15-minute window that
 * resets at :00, :15, :30 and :45 and a daily one that resets at midnight UTC, for all requests (X-RateLimit-*) and
 * for the "non-upload" ones (X-ReadRateLimit-*, lower). Every endpoint here is non-upload, so each request counts in
 * both. A refused request still counts, as at Strava ("requests violating the short term limit will still count
 * toward the long term limit").
 */

export type LimitPair = { fifteenMinutes: number; daily: number };
export type RateLimits = { overall: LimitPair; read: LimitPair };

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

const DEFAULT_RATE_LIMITS: RateLimits = {
  overall: { fifteenMinutes: 200, daily: 2000 },
  read: { fifteenMinutes: 100, daily: 1000 },
};

export type Metered = {
  headers: Record<string, string>;
  /** Set when this request is refused: its status (429, or a forced 5xx). */
  refusal: number | null;
};

export function createRateMeter(now: () => Date, initial?: Partial<RateLimits>) {
  let limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...initial };
  let window = -1;
  let day = -1;
  const used = { overall: { fifteenMinutes: 0, daily: 0 }, read: { fifteenMinutes: 0, daily: 0 } };
  const forced: number[] = [];

  function roll() {
    const at = now().getTime();
    const currentWindow = Math.floor(at / FIFTEEN_MINUTES);
    const currentDay = Math.floor(at / DAY);
    if (currentDay !== day) {
      day = currentDay;
      used.overall.daily = 0;
      used.read.daily = 0;
    }
    if (currentWindow !== window) {
      window = currentWindow;
      used.overall.fifteenMinutes = 0;
      used.read.fifteenMinutes = 0;
    }
  }

  const pair = (p: LimitPair) => `${p.fifteenMinutes},${p.daily}`;
  const over = (u: LimitPair, l: LimitPair) => u.fifteenMinutes > l.fifteenMinutes || u.daily > l.daily;

  function headers() {
    return {
      "X-RateLimit-Limit": pair(limits.overall),
      "X-RateLimit-Usage": pair(used.overall),
      "X-ReadRateLimit-Limit": pair(limits.read),
      "X-ReadRateLimit-Usage": pair(used.read),
    };
  }

  return {
    /** Counts one API request and says whether it is refused. */
    count(): Metered {
      roll();
      for (const counter of [used.overall, used.read]) {
        counter.fifteenMinutes++;
        counter.daily++;
      }
      const forcedStatus = forced.shift();
      if (forcedStatus !== undefined) return { headers: headers(), refusal: forcedStatus };
      const limited = over(used.overall, limits.overall) || over(used.read, limits.read);
      return { headers: headers(), refusal: limited ? 429 : null };
    },
    /** The current usage, for a test or the developer page. */
    usage() {
      roll();
      return structuredClone(used);
    },
    setLimits(next: Partial<LimitPair> & { read?: Partial<LimitPair> }) {
      const { read, ...overall } = next;
      limits = { overall: { ...limits.overall, ...overall }, read: { ...limits.read, ...read } };
    },
    failNext(count: number, status = 429) {
      for (let i = 0; i < count; i++) forced.push(status);
    },
  };
}
