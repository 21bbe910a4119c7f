// Web push in the service worker (issue 14 part 4, decision 0098). build-service-worker.ts copies this file into
// assets/ under a content hash and Workbox's generated sw.js loads it with importScripts, so a change here is a new
// worker. A reminder arrives as JSON { title, body, url, tag } (services/push/send-push.ts).

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
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: ICON,
      badge: ICON,
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : DASHBOARD },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
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
