import { z } from "zod";
import { answer } from "../answer.ts";
import { pushMessages } from "./rules.ts";

/**
 * Web push on a device (issue 14 part 4, decision 0098): the browser's PushSubscription as it posts it, and the
 * answers of /api/push.
 */

const base64url = (bytes: { min: number; max: number }) =>
  z
    .string({ error: pushMessages.invalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: pushMessages.invalid })
    .min(Math.floor((bytes.min * 4) / 3), { message: pushMessages.invalid })
    .max(Math.ceil((bytes.max * 4) / 3) + 2, { message: pushMessages.invalid });

/** The address the server will POST to: a URL, http(s) only; which hosts are allowed is the server's decision. */
export const pushEndpointSchema = z
  .string({ error: pushMessages.invalid })
  .max(2000, { message: pushMessages.invalid })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    },
    { message: pushMessages.invalid },
  );

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte authentication secret (RFC 8291).
      p256dh: base64url({ min: 65, max: 65 }),
      auth: base64url({ min: 16, max: 16 }),
    },
    { error: pushMessages.invalid },
  ),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointBodySchema = z.strictObject({ endpoint: pushEndpointSchema });

export const pushStatusQuerySchema = z.strictObject({ endpoint: pushEndpointSchema.optional() });

/** GET /api/push: whether this server pushes, the key to subscribe with, and whether this device's endpoint is his. */
export const pushStatusSchema = answer(
  z.object({
    available: z.boolean(),
    /** The VAPID public key (base64url) for pushManager.subscribe; null when push is off. */
    publicKey: z.string().nullable(),
    /** The endpoint named in the query is one of his subscriptions. */
    subscribed: z.boolean(),
    /** How many devices he has push on. */
    devices: z.number(),
  }),
);
export type PushStatus = z.infer<typeof pushStatusSchema>;
