import { randomBytes } from "node:crypto";
import cronParser from "cron-parser";
import { z } from "zod";
import { parseModelPrices } from "#shared/admin/model-prices.ts";
import { type PublicConfig, publicConfigFromEnv } from "../shared/config/public-config.ts";
import { INVITATIONS_PER_ADDRESS_PER_DAY } from "../shared/partners/rules.ts";
import type { RateLimitSettings } from "./auth/rate-limit.ts";

// Every setting the server reads, parsed and checked in this one file (process.env is read nowhere else, a lint rule
// says so): one job, over 400 lines because each setting carries the rule that refuses a wrong value at start-up.

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalString = z.preprocess(blank, z.string().optional());
const optionalUrl = z.preprocess(blank, z.url().optional());

const attempts = z.preprocess(blank, z.coerce.number().int().min(0).max(1_000_000).optional());

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * APP_URL is the address people open: e-mail links point there, and in production it is the only origin whose pages
 * may change anything (http/origin-check.ts). So it is a bare origin, and in production it is required and https
 * (a loopback address may stay http, for trying a production build on one machine).
 */
function appUrlProblems(value: string | undefined, production: boolean): string[] {
  const example = "e.g. https://unscroll.example";
  if (value === undefined)
    return production ? [`is required in production: the https address users open (${example})`] : [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return []; // The field's own check names it already.
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return [`must start with https:// or http:// (${example})`];
  const problems: string[] = [];
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    problems.push(`must be the bare address users open, without a path (${example}, not ${value})`);
  }
  if (production && url.protocol !== "https:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    problems.push(`must use https in production (${example}): session cookies are only safe over TLS`);
  }
  return problems;
}

/**
 * What is wrong with REMINDER_CRON, read by the parser pg-boss itself schedules with (cron-parser), or null. Checked at
 * start-up because pg-boss refuses such a schedule only once the queue starts, with an error that names no setting;
 * and a schedule that never fires ("0 0 31 2 *", 31 February) would plan no reminder ever (issue 58).
 */
function cronProblem(cron: string): string | null {
  // The five-field check names that problem already.
  if (cron.trim().split(/\s+/).length !== 5) return null;
  try {
    cronParser.parseExpression(cron).next();
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `cannot be scheduled: ${reason.charAt(0).toLowerCase()}${reason.slice(1)} (e.g. */5 * * * *)`;
  }
}

const S3_SETTINGS = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/**
 * Photo proofs go to a bucket only with all four S3 settings, or stay in DATA_DIR/proofs with none: a half-configured
 * bucket would otherwise keep proofs on a disk the operator meant to leave, and fail only when someone uploads.
 */
function missingS3Settings(env: Partial<Record<(typeof S3_SETTINGS)[number], string>>) {
  const missing = S3_SETTINGS.filter((name) => !env[name]);
  return missing.length === S3_SETTINGS.length ? [] : missing;
}

/**
 * Production runs several instances behind a load balancer (issue 36) unless SINGLE_INSTANCE=true says otherwise. What
 * one instance keeps on its own disk the others never see: the embedded database would split the users between
 * instances, and a photo proof uploaded through one would be missing from the others. So production refuses both,
 * naming the setting that fixes it and the one that keeps the single-instance setup. Development and tests keep them.
 */
function severalInstancesProblems(env: {
  NODE_ENV: string;
  SINGLE_INSTANCE: boolean;
  DATABASE_URL?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}): { path: string; message: string }[] {
  if (env.NODE_ENV !== "production" || env.SINGLE_INSTANCE) return [];
  const problems: { path: string; message: string }[] = [];
  if (!env.DATABASE_URL) {
    problems.push({
      path: "DATABASE_URL",
      message:
        "is required in production, where several instances share one database: set it to that PostgreSQL (postgres://user:pass@host:5432/unscroll), or set SINGLE_INSTANCE=true to run one instance on the embedded database in DATA_DIR",
    });
  }
  if (S3_SETTINGS.every((name) => !env[name])) {
    problems.push({
      path: "S3_ENDPOINT",
      message: `is required in production, where several instances show the same photo proofs: set ${S3_SETTINGS.join(", ")} to a bucket, or set SINGLE_INSTANCE=true to keep photo proofs in DATA_DIR/proofs`,
    });
  }
  return problems;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ error: "must be a port number (1-65535)" }).int().min(1).max(65535).default(3000),
    HOST: z.preprocess(blank, z.string().default("0.0.0.0")),
    APP_URL: optionalUrl,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATA_DIR: z.preprocess(blank, z.string().default("./data")),
    BUILD_DIR: z.preprocess(blank, z.string().default("build")),
    DATABASE_URL: z.preprocess(
      blank,
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// connection URL" }).optional(),
    ),
    SINGLE_INSTANCE: z.preprocess(blank, z.enum(["true", "false"]).default("false")).transform((v) => v === "true"),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    AUTH_SECRET: z.preprocess(blank, z.string().min(32).optional()),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    SHUTDOWN_GRACE_SECONDS: z.preprocess(blank, z.coerce.number().min(0).max(60).optional()),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
    REQUEST_BODY_IDLE_SECONDS: z.coerce.number().min(0.5).max(300).default(20),
    TRUST_PROXY: z.preprocess(blank, z.enum(["true", "false"]).default("false")).transform((v) => v === "true"),
    TRUST_PROXY_HOPS: z.preprocess(
      blank,
      z.coerce
        .number({ error: "must be the number of proxies in front of the server (1-10)" })
        .int()
        .min(1)
        .max(10)
        .optional(),
    ),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    RATE_LIMIT_SIGN_IN_PER_IP: attempts,
    RATE_LIMIT_SIGN_IN_PER_EMAIL: attempts,
    RATE_LIMIT_SIGN_UP_PER_IP: attempts,
    RATE_LIMIT_SIGN_UP_PER_EMAIL: attempts,
    RATE_LIMIT_RESET_PER_IP: attempts,
    RATE_LIMIT_RESET_PER_EMAIL: attempts,
    RATE_LIMIT_VERIFY_EMAIL_PER_IP: attempts,
    RATE_LIMIT_VERIFY_EMAIL_PER_EMAIL: attempts,
    RATE_LIMIT_CALENDAR_FEED_PER_IP: attempts,
    RATE_LIMIT_CALENDAR_FEED_PER_FEED: attempts,
    RATE_LIMIT_PARTNER_CHEER_PER_IP: attempts,
    RATE_LIMIT_PARTNER_INVITATIONS_PER_FREE_ACCOUNT: attempts,
    RATE_LIMIT_PARTNER_INVITATIONS_PER_PREMIUM_ACCOUNT: attempts,
    RATE_LIMIT_PROOF_UPLOADS_PER_USER: attempts,
    PROOF_UPLOADS_MB_AT_ONCE: z.coerce.number().min(0.1).max(4096).default(64),
    PROOF_UPLOADS_AT_ONCE_PER_ACCOUNT: z.coerce.number().int().min(1).max(10).default(2),
    SMTP_URL: optionalUrl,
    MAIL_FROM: optionalString,
    VAPID_PUBLIC_KEY: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, {
          error:
            "must be a VAPID public key: 65 bytes in base64url (87 characters), e.g. from npx web-push generate-vapid-keys",
        })
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, {
          error: "must be a VAPID private key: 32 bytes in base64url (43 characters)",
        })
        .optional(),
    ),
    VAPID_SUBJECT: z.preprocess(
      blank,
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, {
          error: "must be a mailto: address or an https: URL where push services can reach you",
        })
        .optional(),
    ),
    REMINDER_CRON: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\S+( \S+){4}$/, { error: "must be a cron expression of five fields, e.g. */5 * * * *" })
        .superRefine((cron, ctx) => {
          const problem = cronProblem(cron);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .default("*/5 * * * *"),
    ),
    AI_PROVIDER: z.preprocess(blank, z.enum(["offline", "anthropic", "openai-compatible"]).default("offline")),
    ANTHROPIC_API_KEY: optionalString,
    AI_MODEL: optionalString,
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalString,
    AI_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(120),
    AI_STALL_SECONDS: z.coerce.number().int().min(2).max(300).default(20),
    AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    AI_DAILY_GENERATIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(30),
    /** The operator's prices per million tokens, for the cost /admin shows (shared/admin/model-prices.ts). */
    AI_PRICES: z.preprocess(
      blank,
      z
        .string()
        .default("")
        .superRefine((text, ctx) => {
          const read = parseModelPrices(text);
          if ("error" in read) ctx.addIssue({ code: "custom", message: read.error });
        }),
    ),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_MONTHLY: optionalString,
    STRIPE_PRICE_YEARLY: optionalString,
    STRIPE_API_BASE: optionalUrl,
    STRAVA_CLIENT_ID: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d+$/, { error: "must be the number Strava shows as your application's Client ID" })
        .optional(),
    ),
    STRAVA_CLIENT_SECRET: optionalString,
    STRAVA_VERIFY_TOKEN: z.preprocess(
      blank,
      z.string().min(16, { error: "must be 16 or more random characters" }).optional(),
    ),
    STRAVA_BASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(blank, z.string().default("us-east-1")),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
  })
  .superRefine((env, ctx) => {
    for (const message of appUrlProblems(env.APP_URL, env.NODE_ENV === "production")) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production (32+ random characters)",
      });
    }
    if (env.TRUST_PROXY_HOPS !== undefined && !env.TRUST_PROXY) {
      // Ignoring it would leave the operator believing the proxies count while every client shares their address.
      ctx.addIssue({
        code: "custom",
        path: ["TRUST_PROXY_HOPS"],
        message: "only applies with TRUST_PROXY=true: set TRUST_PROXY=true behind your proxies, or leave it empty",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message: "is required with the other VAPID key: set both (a key pair) or neither",
      });
    }
    if (env.AI_PROVIDER === "anthropic" && !env.ANTHROPIC_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["ANTHROPIC_API_KEY"], message: "is required when AI_PROVIDER=anthropic" });
    }
    if (env.AI_PROVIDER === "openai-compatible" && (!env.AI_BASE_URL || !env.AI_MODEL)) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_BASE_URL"],
        message: "and AI_MODEL are required when AI_PROVIDER=openai-compatible",
      });
    }
    if (env.NODE_ENV === "production" && !env.STRIPE_SECRET_KEY) {
      // Without it the app would fall back to the local test checkout, which must never take a real user's "payment".
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is required in production, with STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY and STRIPE_WEBHOOK_SECRET",
      });
    }
    if (
      env.STRIPE_SECRET_KEY &&
      (!env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_YEARLY || !env.STRIPE_WEBHOOK_SECRET)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "needs STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY and STRIPE_WEBHOOK_SECRET as well",
      });
    }
    const strava = [env.STRAVA_CLIENT_ID, env.STRAVA_CLIENT_SECRET, env.STRAVA_VERIFY_TOKEN];
    if (strava.some(Boolean) && !strava.every(Boolean)) {
      // Half a Strava application would fail only when a man presses Connect, or when Strava first sends an event.
      ctx.addIssue({
        code: "custom",
        path: [
          !env.STRAVA_CLIENT_ID
            ? "STRAVA_CLIENT_ID"
            : !env.STRAVA_CLIENT_SECRET
              ? "STRAVA_CLIENT_SECRET"
              : "STRAVA_VERIFY_TOKEN",
        ],
        message:
          "is required with the other Strava settings: set STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET and STRAVA_VERIFY_TOKEN, or none (the local Strava outside production)",
      });
    }
    for (const { path, message } of severalInstancesProblems(env))
      ctx.addIssue({ code: "custom", path: [path], message });
    for (const setting of missingS3Settings(env)) {
      ctx.addIssue({
        code: "custom",
        path: [setting],
        message: `is required with the other S3 settings: set ${S3_SETTINGS.join(", ")} (photo proofs in a bucket) or none (in DATA_DIR/proofs)`,
      });
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

/** What web push signs with (RFC 8292): the key pair and the contact push services may write to. */
export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

export type Env = Omit<ParsedEnv, "APP_URL" | "AUTH_SECRET"> & {
  APP_URL: string;
  /**
   * How many proxies in front of the server append to X-Forwarded-For (auth/client-ip.ts): TRUST_PROXY_HOPS (1 by
   * default) with TRUST_PROXY=true, 0 without, when the socket's peer is the client.
   */
  trustedProxyHops: number;
  /** Seconds the health check fails before the port closes when the instance stops (decision 0121). */
  shutdownGraceSeconds: number;
  AUTH_SECRET: string;
  /** False: AUTH_SECRET was not set, and the secret is this process's own until the server swaps in a kept one. */
  authSecretSet: boolean;
  /**
   * Web push (decision 0098): null when no key pair is configured. Outside production the server then swaps in a pair
   * kept in DATA_DIR (auth/dev-secret.ts); in production push stays off.
   */
  vapid: VapidConfig | null;
  publicConfig: PublicConfig;
  rateLimits: RateLimitSettings;
};

/**
 * Auth rate limits with their defaults. Under NODE_ENV=test every client is 127.0.0.1, so
 * per-IP limits are off unless a test sets them; per-e-mail limits keep their defaults.
 */
function rateLimitsFrom(env: ParsedEnv): RateLimitSettings {
  const ip = (value: number | undefined, fallback: number) => value ?? (env.NODE_ENV === "test" ? 0 : fallback);
  return {
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    perIp: {
      signIn: ip(env.RATE_LIMIT_SIGN_IN_PER_IP, 30),
      signUp: ip(env.RATE_LIMIT_SIGN_UP_PER_IP, 10),
      passwordReset: ip(env.RATE_LIMIT_RESET_PER_IP, 10),
      verificationEmail: ip(env.RATE_LIMIT_VERIFY_EMAIL_PER_IP, 10),
      // Only requests with an unknown token count per IP: Google and Apple fetch every user's feed from shared servers.
      calendarFeed: ip(env.RATE_LIMIT_CALENDAR_FEED_PER_IP, 30),
      partnerInvitation: 0,
      partnerInvitesFree: 0,
      partnerInvitesPremium: 0,
      // Cheers from partners' pages, per IP and window; each partner has his own daily limit besides (decision 0106).
      partnerCheer: ip(env.RATE_LIMIT_PARTNER_CHEER_PER_IP, 30),
      proofUpload: 0,
    },
    perEmail: {
      signIn: env.RATE_LIMIT_SIGN_IN_PER_EMAIL ?? 10,
      signUp: env.RATE_LIMIT_SIGN_UP_PER_EMAIL ?? 5,
      passwordReset: env.RATE_LIMIT_RESET_PER_EMAIL ?? 5,
      verificationEmail: env.RATE_LIMIT_VERIFY_EMAIL_PER_EMAIL ?? 5,
      // Per feed (the "subject" is the feed's owner): calendar apps poll every few hours, not every few seconds.
      calendarFeed: env.RATE_LIMIT_CALENDAR_FEED_PER_FEED ?? 60,
      // A product rule, not a setting: one address gets at most this many invitations a day from the whole app.
      partnerInvitation: INVITATIONS_PER_ADDRESS_PER_DAY,
      // Per account and day, invitations and renewals together, whatever the addresses (issue 41, decision 0115).
      partnerInvitesFree: env.RATE_LIMIT_PARTNER_INVITATIONS_PER_FREE_ACCOUNT ?? 5,
      partnerInvitesPremium: env.RATE_LIMIT_PARTNER_INVITATIONS_PER_PREMIUM_ACCOUNT ?? 10,
      partnerCheer: 0,
      // Per account and hour: each upload may take seconds of a worker or of the photo encoder (issue 26).
      proofUpload: env.RATE_LIMIT_PROOF_UPLOADS_PER_USER ?? 30,
    },
    windows: {
      partnerInvitation: 86_400,
      partnerInvitesFree: 86_400,
      partnerInvitesPremium: 86_400,
      proofUpload: 3600,
    },
  };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

function describeIssues(issues: z.core.$ZodIssue[]) {
  return issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
}

/** Push services write to this contact when something is wrong with our pushes: the support address by default. */
export function vapidSubject(configured: string | undefined, supportEmail: string) {
  return configured ?? `mailto:${supportEmail}`;
}

/** The only reader of process.env: every setting is parsed here, once, at start-up. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const publicConfig = publicConfigFromEnv(source);
  const problems = [
    ...(parsed.success ? [] : describeIssues(parsed.error.issues)),
    ...(publicConfig.success ? [] : describeIssues(publicConfig.error.issues).map((p) => `public setting ${p}`)),
  ];
  if (!parsed.success || !publicConfig.success) throw new EnvError(problems);
  const env = parsed.data;
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    // Never a constant from the source: without a setting, a random secret of this process (tests, scripts); the
    // server keeps one in DATA_DIR instead (auth/dev-secret.ts). Production refuses to start without one.
    AUTH_SECRET: env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    authSecretSet: env.AUTH_SECRET !== undefined,
    trustedProxyHops: env.TRUST_PROXY ? (env.TRUST_PROXY_HOPS ?? 1) : 0,
    // Behind a proxy (production) the health check fails this long before the port closes, so the proxy stops
    // sending first; on a developer's machine Ctrl-C stops at once.
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS ?? (env.NODE_ENV === "production" ? 3 : 0),
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: vapidSubject(env.VAPID_SUBJECT, publicConfig.data.supportEmail),
          }
        : null,
    publicConfig: publicConfig.data,
    rateLimits: rateLimitsFrom(env),
  };
}
