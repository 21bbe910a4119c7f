/** Web push on a device (issue 14 part 4, decision 0098): its words and limit, without zod (decision 0141). */
export const pushMessages = {
  invalid: "This push subscription is not valid. Please switch push notifications off and on again.",
  endpointRefused: "This browser's push service is not supported. Reminders still reach you by e-mail.",
  unavailable: "Push notifications are not available on this server. Reminders still reach you by e-mail.",
  tooManyDevices: (max: number) =>
    `Push notifications are on for ${max} devices already. Switch them off on a device you no longer use first.`,
  notFound: "Push notifications are not on for this device.",
  endpointTaken:
    "Push notifications on this browser are on for another account. Switch them off in that account (or clear this site's data in your browser), then try again.",
  loadFailed: "Could not check push notifications on this device. Please try again.",
  turnOnFailed: "Could not turn on push notifications on this device. Please try again.",
  turnOffFailed: "Could not turn off push notifications on this device. Please try again.",
  blocked: "Notifications are blocked for this site in your browser settings. Allow them there, then try again.",
  notAllowed: "Notifications were not allowed. Switch again and choose Allow to get reminders on this device.",
  turnedOn: "Push notifications are on for this device.",
  turnedOff: "Push notifications are off for this device.",
} as const;

/** How many devices one user may have push on at once. */
export const MAX_PUSH_DEVICES = 10;
