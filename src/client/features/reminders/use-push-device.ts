import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "react-toastify/unstyled";
import { ApiError } from "#client/lib/api.ts";
import type { PushSubscriptionJson } from "#shared/push/contracts.ts";
import { pushMessages } from "#shared/push/rules.ts";
import { deleteSubscription, pushStatusQuery, saveSubscription } from "./api/push.ts";

/** What this browser can do: null while it is being asked, false without push (or without a service worker). */
type Device = { registration: ServiceWorkerRegistration; endpoint: string | null } | false | null;

function canPush() {
  // Only a production build registers the service worker that shows the notifications (features/offline).
  return (
    import.meta.env.PROD &&
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

function keyBytes(base64url: string) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array) {
  if (!a) return true;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((value, i) => value === b[i]);
}

/** A failure whose message is for him: the server's, or one of pushMessages. */
class Shown extends Error {}

const shown = (error: unknown, fallback: string) => new Shown(error instanceof ApiError ? error.message : fallback);

/**
 * Push notifications on this device (decision 0098): shown only where the browser has PushManager, a service worker
 * and the server a VAPID key. On: asks permission, subscribes with the server's key, saves the subscription. Off:
 * deletes it on the server, then in the browser.
 */
export function usePushDevice() {
  const [device, setDevice] = useState<Device>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>("default");
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!canPush()) {
      setDevice(false);
      return;
    }
    let active = true;
    setPermission(Notification.permission);
    navigator.serviceWorker.ready
      .then(async (registration) => {
        const subscription = await registration.pushManager.getSubscription();
        if (active) setDevice({ registration, endpoint: subscription?.endpoint ?? null });
      })
      .catch(() => active && setDevice(false));
    return () => {
      active = false;
    };
  }, []);

  const endpoint = device ? device.endpoint : null;
  const status = useQuery({ ...pushStatusQuery(endpoint), enabled: Boolean(device) });
  const publicKey = status.data?.available ? status.data.publicKey : null;

  async function turnOn(registration: ServiceWorkerRegistration, key: string) {
    const granted = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    setPermission(granted);
    if (granted === "denied") throw new Shown(pushMessages.blocked);
    if (granted !== "granted") throw new Shown(pushMessages.notAllowed);
    const applicationServerKey = keyBytes(key);
    let subscription = await registration.pushManager.getSubscription();
    // Subscribed with another key (the server's keys changed): that subscription can never be pushed to.
    if (subscription && !sameKey(subscription.options?.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    const saved = await saveSubscription(subscription.toJSON() as PushSubscriptionJson).catch((error) => {
      throw shown(error, pushMessages.turnOnFailed);
    });
    return { endpoint: subscription.endpoint, saved };
  }

  async function turnOff(registration: ServiceWorkerRegistration) {
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await deleteSubscription(subscription.endpoint).catch((error) => {
        throw shown(error, pushMessages.turnOffFailed);
      });
      await subscription.unsubscribe().catch(() => {});
    }
  }

  async function toggle(on: boolean) {
    if (!device || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (on && publicKey) {
        const { endpoint: next, saved } = await turnOn(device.registration, publicKey);
        queryClient.setQueryData(pushStatusQuery(next).queryKey, saved);
        setDevice({ ...device, endpoint: next });
        toast.success(pushMessages.turnedOn, { toastId: "push-saved" });
      } else if (!on) {
        await turnOff(device.registration);
        await queryClient.invalidateQueries({ queryKey: ["push"] });
        setDevice({ ...device, endpoint: null });
        toast.success(pushMessages.turnedOff, { toastId: "push-saved" });
      }
    } catch (caught) {
      // Anything else (the browser's push service unreachable, a subscription it refused) is said plainly.
      setError(caught instanceof Shown ? caught.message : on ? pushMessages.turnOnFailed : pushMessages.turnOffFailed);
    } finally {
      setBusy(false);
    }
  }

  return {
    /** Show the switch: the browser can push and the server has a key. */
    shown: Boolean(device) && Boolean(publicKey),
    on: Boolean(endpoint) && status.data?.subscribed === true && permission === "granted",
    blocked: permission === "denied",
    busy,
    error: error ?? (status.error ? pushMessages.loadFailed : null),
    toggle,
  };
}
