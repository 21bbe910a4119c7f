import { z } from "zod";
import { answer } from "../answer.ts";

/**
 * The private calendar feed (issue 14): an iCalendar address per user, secret by its token, that lists every dated
 * milestone of his accepted challenges as an all-day event. Decision 0092.
 */

/** Where his calendar app can subscribe: the https address, the webcal:// one (Apple, Outlook) and Google's page. */
const calendarFeedSchema = z.object({
  url: z.string(),
  webcalUrl: z.string(),
  googleUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET, POST and DELETE /api/calendar/feed all answer his feed as it now is: null when he has none. */
export const calendarFeedAnswerSchema = answer(z.object({ feed: calendarFeedSchema.nullable() }));
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswerSchema>;

/** The links a calendar app needs, from the feed's https address. */
export function calendarLinks(url: string): Pick<CalendarFeed, "url" | "webcalUrl" | "googleUrl"> {
  const webcalUrl = url.replace(/^https?:\/\//, "webcal://");
  return {
    url,
    webcalUrl,
    // Google subscribes from its own servers: the address must be public, so this works in production only.
    googleUrl: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl)}`,
  };
}
