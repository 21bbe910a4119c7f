import { existsSync } from "node:fs";

// `npm run strava:subscription -- show | create | delete`: the app's one push subscription at Strava (issue 56,
// docs/strava.md). Strava allows one per application; creating it makes Strava call APP_URL/api/strava/webhook with a
// challenge, which the running server answers for STRAVA_VERIFY_TOKEN only: start the server first.

const ACTIONS = ["show", "create", "delete"] as const;

async function main() {
  const action = process.argv[2] as (typeof ACTIONS)[number];
  if (!ACTIONS.includes(action)) {
    console.error(`Usage: npm run strava:subscription -- <${ACTIONS.join(" | ")}>`);
    process.exitCode = 2;
    return;
  }
  const [{ parseEnv }, { stravaConfigFrom, stravaWebhookUrl }, { createStravaApi }] = await Promise.all([
    import("#server/env.ts"),
    import("#server/services/strava/strava-config.ts"),
    import("#server/services/strava/strava-api.ts"),
  ]);
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = parseEnv();
  const config = stravaConfigFrom(env);
  if (config.mode !== "strava") {
    console.error(
      "Set STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET and STRAVA_VERIFY_TOKEN first: the local Strava needs no subscription.",
    );
    process.exitCode = 2;
    return;
  }
  const api = createStravaApi({
    baseUrl: config.baseUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
  });
  const existing = await api.listSubscriptions();
  if (action === "show") {
    console.log(existing.length === 0 ? "No subscription." : JSON.stringify(existing, null, 2));
    return;
  }
  if (action === "delete") {
    for (const subscription of existing) await api.deleteSubscription(subscription.id);
    console.log(existing.length === 0 ? "No subscription to delete." : `Deleted ${existing.length}.`);
    return;
  }
  if (existing.length > 0) {
    console.log(`A subscription exists already (id ${existing[0]?.id}); delete it first to change its address.`);
    return;
  }
  const created = await api.createSubscription(stravaWebhookUrl(env), config.verifyToken);
  console.log(`Created subscription ${created.id}: events go to ${stravaWebhookUrl(env)}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
