// Web push in the service worker (issue 14 part 4, decision 0098). build-service-worker.ts copies this file into
// assets/ under a content hash and Workbox's generated sw.js loads it with importScripts, so a change here is a new
// worker. A reminder arrives as JSON { title, body, url, tag, actions? } (services/push/send-push.ts); an action
// (the evening's "Phone down", issue 55) is answered by a POST to its same-origin path, without opening the app.

const ICON = "/icons/icon-192.png";
const DASHBOARD = "/dashboard";

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Reminder";
  // Only same-origin paths: a push names where its button posts, never another site.
  const actions = (Array.isArray(message.actions) ? message.actions : []).filter(
    (a) =>
      a &&
      typeof a.action === "string" &&
      typeof a.title === "string" &&
      typeof a.post === "string" &&
      a.post.startsWith("/") &&
      !a.post.startsWith("//"),
  );
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: ICON,
      badge: ICON,
      tag: typeof message.tag === "string" ? message.tag : undefined,
      actions: actions.map(({ action, title }) => ({ action, title })),
      data: {
        url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : DASHBOARD,
        posts: Object.fromEntries(actions.map(({ action, post }) => [action, post])),
      },
    }),
  );
});

/** An action's answer (Phone down): posted at once; if it fails, the page with the button opens instead. */
async function answerAction(post, url) {
  try {
    const response = await fetch(new URL(post, self.location.origin), { method: "POST", credentials: "same-origin" });
    if (response.ok) return;
  } catch {
    // Offline or refused: the page below lets him answer by hand.
  }
  await self.clients.openWindow(new URL(url, self.location.origin).href);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const post = event.action ? event.notification.data?.posts?.[event.action] : undefined;
  if (typeof post === "string") {
    event.waitUntil(answerAction(post, event.notification.data?.url ?? DASHBOARD));
    return;
  }
  const target = new URL(event.notification.data?.url ?? DASHBOARD, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // An open dashboard is brought to the front (and shown the page the reminder is about); otherwise a new one.
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(DASHBOARD));
      if (open) {
        const focused = await open.focus();
        if (new URL(focused.url).pathname !== target.pathname && "navigate" in focused) {
          await focused.navigate(target.href);
        }
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
