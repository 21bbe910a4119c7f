// Apart from session-read.ts, which auth.ts would otherwise import while session-read.ts imports auth.ts's type
// through context.ts; shared, because the offline copy of his dashboard lives no longer than his session.

/** A session lives 7 days and is extended once a day of use (better-auth's defaults, set in auth.ts). */
export const SESSION_EXPIRES_IN_S = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;
