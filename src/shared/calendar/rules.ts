/** The calendar link's words on the settings page, without zod (decision 0141). */
export const calendarMessages = {
  loadFailed: "Could not load your calendar link. Please try again.",
  createFailed: "Could not create your calendar link. Please try again.",
  renewFailed: "Could not make a new calendar link. Please try again.",
  revokeFailed: "Could not turn off your calendar link. Please try again.",
  copied: "Calendar link copied.",
  renewed: "New calendar link ready. The old one no longer works.",
  revoked: "Calendar link turned off. Calendars that used it will stop updating.",
} as const;
