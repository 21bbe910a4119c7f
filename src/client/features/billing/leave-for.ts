/** Sends the browser to a page outside the app (Stripe Checkout, the Customer Portal, the local test pages). */
export function leaveFor(url: string) {
  window.location.assign(url);
}
