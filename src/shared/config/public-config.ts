import { z } from "zod";

/**
 * Settings the browser needs. They are read from the environment once, on the
 * server and at build time (the public pages are pre-rendered with them baked in),
 * so the same values reach both sides.
 */
const publicConfigSchema = z.object({
  appName: z.string().min(1).default("Unscroll"),
  supportEmail: z.email().default("support@unscroll.example"),
  legalName: z.string().min(1).default("[Operator name — set LEGAL_NAME]"),
  legalAddress: z.string().min(1).default("[Street and number, postcode and city, Germany — set LEGAL_ADDRESS]"),
  analyticsScriptUrl: z.url().optional(),
  founderVideoUrl: z.url().optional(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : value;

export function publicConfigFromEnv(env: Record<string, string | undefined>) {
  return publicConfigSchema.safeParse({
    appName: blankToUndefined(env.APP_NAME),
    supportEmail: blankToUndefined(env.SUPPORT_EMAIL),
    legalName: blankToUndefined(env.LEGAL_NAME),
    legalAddress: blankToUndefined(env.LEGAL_ADDRESS),
    analyticsScriptUrl: blankToUndefined(env.ANALYTICS_SCRIPT_URL),
    founderVideoUrl: blankToUndefined(env.FOUNDER_VIDEO_URL),
  });
}
