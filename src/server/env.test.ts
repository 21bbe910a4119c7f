import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

function problemsOf(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseEnv", () => {
  it("runs with no settings at all, on the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.AI_PROVIDER).toBe("offline");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicConfig.appName).toBe("Unscroll");
  });

  it("treats empty values (as left in a copied .env.example) as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", APP_URL: "", SMTP_URL: " ", PORT: "4000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_URL).toBe("http://localhost:4000");
  });

  it("lists every bad setting by name", () => {
    const problems = problemsOf({ PORT: "abc", DATABASE_URL: "mysql://x/y", SUPPORT_EMAIL: "nope" });
    expect(problems).toEqual(
      expect.arrayContaining([
        "PORT: must be a port number (1-65535)",
        "DATABASE_URL: must be a postgres:// connection URL",
        expect.stringMatching(/^public setting supportEmail/),
      ]),
    );
  });

  it("refuses a REMINDER_CRON that pg-boss cannot read or that never fires, naming it (issue 58)", () => {
    expect(problemsOf({ REMINDER_CRON: "0 0 31 2 *" })).toEqual([
      "REMINDER_CRON: cannot be scheduled: invalid explicit day of month definition (e.g. */5 * * * *)",
    ]);
    expect(problemsOf({ REMINDER_CRON: "0 0 30-31 2,4 *" })).toEqual([]);
    expect(problemsOf({ REMINDER_CRON: "61 * * * *" })).toEqual([
      "REMINDER_CRON: cannot be scheduled: constraint error, got value 61 expected range 0-59 (e.g. */5 * * * *)",
    ]);
    expect(problemsOf({ REMINDER_CRON: "*/0 * * * *" })).toEqual([
      "REMINDER_CRON: cannot be scheduled: constraint error, cannot repeat at every 0 time. (e.g. */5 * * * *)",
    ]);
    expect(problemsOf({ REMINDER_CRON: "every 5 minutes" })).toEqual([
      "REMINDER_CRON: must be a cron expression of five fields, e.g. */5 * * * *",
    ]);
    for (const fires of ["*/5 * * * *", "0 0 29 2 *", "0 9 * * mon", "0 0 1 jan-mar *", "0 0 L * *", "0 0 * * 7"]) {
      expect(parseEnv({ REMINDER_CRON: fires }).REMINDER_CRON).toBe(fires);
    }
  });

  it("reads the model prices the operator pays, and names a price it cannot read", () => {
    expect(parseEnv({ AI_PRICES: "claude-sonnet-4-5=2.80/14" }).AI_PRICES).toBe("claude-sonnet-4-5=2.80/14");
    expect(problemsOf({ AI_PRICES: "claude-sonnet-4-5=2.80" })).toEqual([
      'AI_PRICES: "claude-sonnet-4-5=2.80" is not model=input/output, e.g. gpt-4o=2.30/9.20 (euros per million tokens)',
    ]);
  });

  it("refuses production without a real auth secret or without Stripe", () => {
    expect(problemsOf({ NODE_ENV: "production", SINGLE_INSTANCE: "true" })).toEqual([
      "APP_URL: is required in production: the https address users open (e.g. https://unscroll.example)",
      "AUTH_SECRET: is required in production (32+ random characters)",
      "STRIPE_SECRET_KEY: is required in production, with STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY and STRIPE_WEBHOOK_SECRET",
    ]);
    const stripe = {
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_YEARLY: "price_y",
    };
    expect(
      problemsOf({
        NODE_ENV: "production",
        SINGLE_INSTANCE: "true",
        APP_URL: "https://unscroll.example",
        AUTH_SECRET: "x".repeat(32),
        ...stripe,
      }),
    ).toEqual([]);
  });

  it("counts the trusted proxies: TRUST_PROXY=true is one, TRUST_PROXY_HOPS more, and it needs TRUST_PROXY", () => {
    expect(parseEnv({}).trustedProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).trustedProxyHops).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    expect(problemsOf({ TRUST_PROXY_HOPS: "2" })).toEqual([
      "TRUST_PROXY_HOPS: only applies with TRUST_PROXY=true: set TRUST_PROXY=true behind your proxies, or leave it empty",
    ]);
    for (const bad of ["0", "1.5", "eleven", "11"]) {
      expect(problemsOf({ TRUST_PROXY: "true", TRUST_PROXY_HOPS: bad })).toEqual([
        expect.stringMatching(/^TRUST_PROXY_HOPS: /),
      ]);
    }
  });

  describe("several instances (issue 36)", () => {
    const production = {
      NODE_ENV: "production",
      APP_URL: "https://unscroll.example",
      AUTH_SECRET: "x".repeat(32),
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_YEARLY: "price_y",
    };
    const shared = {
      DATABASE_URL: "postgres://unscroll@db.internal:5432/unscroll",
      S3_ENDPOINT: "https://s3.example",
      S3_BUCKET: "proofs",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    };

    it("refuses the embedded database and proofs on local disk in production, naming what to set instead", () => {
      expect(problemsOf(production)).toEqual([
        "DATABASE_URL: is required in production, where several instances share one database: set it to that PostgreSQL (postgres://user:pass@host:5432/unscroll), or set SINGLE_INSTANCE=true to run one instance on the embedded database in DATA_DIR",
        "S3_ENDPOINT: is required in production, where several instances show the same photo proofs: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to a bucket, or set SINGLE_INSTANCE=true to keep photo proofs in DATA_DIR/proofs",
      ]);
      const { DATABASE_URL, ...bucketOnly } = shared;
      expect(problemsOf({ ...production, ...bucketOnly })).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
      expect(problemsOf({ ...production, DATABASE_URL })).toEqual([expect.stringMatching(/^S3_ENDPOINT: /)]);
      expect(problemsOf({ ...production, ...shared })).toEqual([]);
      expect(parseEnv({ ...production, ...shared }).SINGLE_INSTANCE).toBe(false);
    });

    it("keeps the single-instance setup when SINGLE_INSTANCE=true says there is one", () => {
      expect(problemsOf({ ...production, SINGLE_INSTANCE: "true" })).toEqual([]);
      expect(parseEnv({ ...production, SINGLE_INSTANCE: "true" }).SINGLE_INSTANCE).toBe(true);
      // Still a half-configured bucket is refused: that check is about the bucket, not about instances.
      expect(problemsOf({ ...production, SINGLE_INSTANCE: "true", S3_BUCKET: "proofs" })).toHaveLength(3);
      expect(problemsOf({ ...production, SINGLE_INSTANCE: "false" })).toHaveLength(2);
      expect(problemsOf({ ...production, SINGLE_INSTANCE: "yes" })).toEqual([
        expect.stringMatching(/^SINGLE_INSTANCE: /),
      ]);
    });

    it("leaves development and tests on the embedded database and DATA_DIR/proofs", () => {
      expect(problemsOf({})).toEqual([]);
      expect(problemsOf({ NODE_ENV: "development" })).toEqual([]);
      expect(problemsOf({ NODE_ENV: "test" })).toEqual([]);
    });
  });

  it("checks APP_URL at start-up: a bare http(s) address, https in production unless on this machine", () => {
    const production = {
      NODE_ENV: "production",
      SINGLE_INSTANCE: "true",
      AUTH_SECRET: "x".repeat(32),
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_YEARLY: "price_y",
    };
    expect(problemsOf({ ...production, APP_URL: "http://unscroll.example" })).toEqual([
      "APP_URL: must use https in production (e.g. https://unscroll.example): session cookies are only safe over TLS",
    ]);
    expect(problemsOf({ ...production, APP_URL: "https://unscroll.example/app" })).toEqual([
      "APP_URL: must be the bare address users open, without a path (e.g. https://unscroll.example, not https://unscroll.example/app)",
    ]);
    expect(problemsOf({ ...production, APP_URL: "ftp://unscroll.example" })).toEqual([
      "APP_URL: must start with https:// or http:// (e.g. https://unscroll.example)",
    ]);
    expect(problemsOf({ ...production, APP_URL: "unscroll.example" })).toEqual([expect.stringMatching(/^APP_URL: /)]);
    for (const ok of ["https://unscroll.example/", "https://unscroll.example:8443", "http://localhost:3000"]) {
      expect(problemsOf({ ...production, APP_URL: ok })).toEqual([]);
    }
    expect(parseEnv({ ...production, APP_URL: "https://unscroll.example/" }).APP_URL).toBe("https://unscroll.example");
    // Development accepts plain http anywhere (a LAN address), but still no path.
    expect(problemsOf({ APP_URL: "http://192.168.1.23:3000" })).toEqual([]);
    expect(problemsOf({ APP_URL: "http://192.168.1.23:3000/x?y" })).toHaveLength(1);
  });

  it("requires the key of the chosen AI provider and complete Stripe settings", () => {
    expect(problemsOf({ AI_PROVIDER: "anthropic" })).toEqual([
      "ANTHROPIC_API_KEY: is required when AI_PROVIDER=anthropic",
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: "sk_test_1" })[0]).toMatch(/^STRIPE_SECRET_KEY: needs/);
  });
});

describe("VAPID settings (web push)", () => {
  it("takes a key pair, or none, and a mailto: or https: subject", () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: `B${"k".repeat(86)}` })).toEqual([
      "VAPID_PRIVATE_KEY: is required with the other VAPID key: set both (a key pair) or neither",
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "p".repeat(43) })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY: must be a VAPID public key/),
    ]);
    expect(problemsOf({ VAPID_SUBJECT: "http://unscroll.example" })).toEqual([
      "VAPID_SUBJECT: must be a mailto: address or an https: URL where push services can reach you",
    ]);
    expect(parseEnv({}).vapid).toBeNull();
    expect(
      parseEnv({
        VAPID_PUBLIC_KEY: `B${"k".repeat(86)}`,
        VAPID_PRIVATE_KEY: "p".repeat(43),
        SUPPORT_EMAIL: "a@b.example",
      }).vapid,
    ).toEqual({ publicKey: `B${"k".repeat(86)}`, privateKey: "p".repeat(43), subject: "mailto:a@b.example" });
  });
});

describe("S3 settings (photo proofs in a bucket)", () => {
  const s3 = {
    S3_ENDPOINT: "https://s3.example",
    S3_BUCKET: "unscroll-proofs",
    S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("takes all of them or none, naming each one missing", () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf(s3)).toEqual([]);
    expect(problemsOf({ ...s3, S3_ENDPOINT: "", S3_SECRET_ACCESS_KEY: " " })).toEqual([
      "S3_ENDPOINT: is required with the other S3 settings: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (photo proofs in a bucket) or none (in DATA_DIR/proofs)",
      "S3_SECRET_ACCESS_KEY: is required with the other S3 settings: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (photo proofs in a bucket) or none (in DATA_DIR/proofs)",
    ]);
    // Keys without a bucket would leave proofs on the disk the operator meant to leave.
    expect(problemsOf({ ...s3, S3_BUCKET: "" })).toEqual([expect.stringMatching(/^S3_BUCKET: is required with/)]);
    expect(problemsOf({ ...s3, S3_ENDPOINT: "not a url" })).toEqual([expect.stringMatching(/^S3_ENDPOINT: /)]);
  });

  it("defaults the region to us-east-1, which MinIO and R2 accept too", () => {
    expect(parseEnv(s3).S3_REGION).toBe("us-east-1");
    expect(parseEnv({ ...s3, S3_REGION: "eu-central-1" }).S3_REGION).toBe("eu-central-1");
  });
});
