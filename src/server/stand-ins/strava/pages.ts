import { type Context, Hono } from "hono";
import { csrf } from "hono/csrf";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { standInPage } from "../stand-in-page.ts";
import { type AuthorizeRequest, type LocalStrava, LocalStravaError } from "./local-strava.ts";
import type { Scope } from "./store.ts";
import { syntheticRoute } from "./synthetic-route.ts";

/**
 * The browser side of the stand-in: Strava's authorize page ("Authorize Unscroll to connect to Strava", the scopes as
 * ticked boxes he may untick, Authorize or Cancel) and a developer's /record page where he "runs" without a watch.
 * Plain HTML forms, no script: they stand for pages Strava hosts and share nothing with the app's bundle. Every link
 * and form action is relative, so the pages work under whatever prefix the app mounts them.
 */

/** Strava's own wording for each scope on its authorize page. */
const SCOPE_LABELS: Record<Scope, string> = {
  read: "View data about your public profile (required)",
  read_all: "View data about your private non-activity data such as segments and routes",
  "profile:read_all": "View your complete Strava profile",
  "profile:write": "Update your weight and Functional Threshold Power (FTP)",
  "activity:read": "View data about your activities",
  "activity:read_all": "View data about your private activities",
  "activity:write": "Upload your activities to Strava",
};

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return standInPage(title, body, {
    accent: "#fc4c02",
    styles: `  label { display: block; margin: .75rem 0; line-height: 1.4; } .scope { display: flex; gap: .75rem; align-items: flex-start; }
  input[type=checkbox] { width: 1.25rem; height: 1.25rem; margin: .1rem 0 0; accent-color: #fc4c02; flex: none; }
  input[type=text], input[type=number], select { display: block; width: 100%; box-sizing: border-box; min-height: 2.75rem;
    margin-top: .35rem; background: #0b0b0c; color: #f4f4f5; border: 1px solid #3f3f46; border-radius: .5rem; padding: .5rem; font: inherit; }
  table { width: 100%; border-collapse: collapse; font-size: .85rem; } td, th { text-align: left; padding: .35rem .25rem; border-top: 1px solid #27272a; }
  code { font-size: .85rem; color: #f4f4f5; }`,
  });
}

const banner = html`<p class="banner" role="note">Local Strava — no real Strava account</p>`;

/** The page's form, or the stand-in's 400 page for a body that is none (never a server error). */
function readForm(c: Context, options: { all?: boolean } = {}) {
  return c.req.parseBody(options).catch(() => {
    throw new LocalStravaError(400, "This form could not be read");
  });
}

export function localStravaPages(strava: LocalStrava, options: { appOrigin: string }) {
  const app = new Hono();
  // The forms post from the app's own origin, where the app serves these pages in development.
  app.use(csrf({ origin: options.appOrigin }));

  app.get("/oauth/authorize", (c) => {
    const request = strava.authorizeRequest(c.req.query());
    const usual = strava.lastAuthorizedAthlete()?.firstname ?? "Local Runner";
    return c.html(
      page(
        `Authorize ${strava.appName}`,
        html`${banner}
<div class="card">
  <h1>Authorize ${strava.appName} to connect to Strava</h1>
  <form method="post" action="authorize">
    ${hidden(request)}
    <label>Your first name on this local Strava
      <input type="text" name="firstname" value="${usual}" autocomplete="given-name" maxlength="60">
    </label>
    <h2>${strava.appName} asks to:</h2>
    ${request.scopes.map((scope) =>
      scope === "read"
        ? html`<p>${SCOPE_LABELS.read}</p>`
        : html`<label class="scope"><input type="checkbox" name="granted" value="${scope}" checked> <span>${SCOPE_LABELS[scope]}</span></label>`,
    )}
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="authorize">Authorize</button>
      <button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
    </div>
  </form>
</div>`,
      ),
    );
  });

  app.post("/oauth/authorize", async (c) => {
    const form = await readForm(c, { all: true });
    const one = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
    const granted = [form.granted].flat().filter((value): value is string => typeof value === "string");
    const request = strava.authorizeRequest({
      client_id: one("client_id"),
      redirect_uri: one("redirect_uri"),
      response_type: "code",
      scope: one("scope"),
      state: one("state"),
      approval_prompt: one("approval_prompt"),
    });
    if (one("decision") !== "authorize") return c.redirect(strava.deny(request), 302);
    return c.redirect(strava.approve(request, { firstname: one("firstname") ?? "", granted }), 302);
  });

  /** The athlete named by `?athlete=<first name>` (several men connected on one machine), else the last to connect. */
  const recorder = (name: string | undefined) =>
    (name ? strava.athleteByName(name) : undefined) ?? strava.lastAuthorizedAthlete();

  app.get("/record", (c) => {
    const athlete = recorder(c.req.query("athlete"));
    const sent = strava.deliveries().slice(-15).reverse();
    return c.html(
      page(
        "Record a run",
        html`${banner}
<div class="card">
  <h1>Record a run</h1>
  ${
    athlete?.grant
      ? html`<p>As ${athlete.firstname} (athlete ${athlete.id}). The app hears of it as from Strava: a push event, then it reads the activity.</p>
  <form method="post" action="record">
    <input type="hidden" name="athlete" value="${athlete.firstname}">
    <label>Distance (km) <input type="number" name="km" value="5" min="0.1" max="100" step="0.1" required></label>
    <label>Pace (min/km) <input type="number" name="pace" value="6" min="2" max="30" step="0.1" required></label>
    <label>Sport <select name="sport"><option value="Run">Run</option><option value="Ride">Ride</option><option value="Walk">Walk</option></select></label>
    <label>Started minutes ago <input type="number" name="ago" value="60" min="0" max="10080" step="1" required></label>
    <div class="actions"><button class="primary" type="submit">Record and send</button></div>
  </form>`
      : html`<p>No athlete is connected yet: connect Strava in the app first, then come back here.</p>`
  }
</div>
<div class="card">
  <h2>Events sent</h2>
  ${
    sent.length
      ? html`<table><thead><tr><th>Event</th><th>Object</th><th>Delivered</th></tr></thead><tbody>
${sent.map(
  ({ event, attempts, delivered }) =>
    html`<tr><td>${event.object_type} ${event.aspect_type} <code>${JSON.stringify(event.updates)}</code></td><td>${event.object_id}</td><td>${delivered ? "yes" : attempts.length ? `no (${attempts.map((a) => a.status).join(", ")})` : "no subscription"}</td></tr>`,
)}
</tbody></table>`
      : html`<p>None yet.</p>`
  }
</div>`,
      ),
    );
  });

  app.post("/record", async (c) => {
    const form = await readForm(c);
    const athlete = recorder(typeof form.athlete === "string" ? form.athlete : undefined);
    if (!athlete) throw new LocalStravaError(400, "No athlete is connected");
    const value = (name: string, fallback: number) => {
      const n = Number(form[name]);
      return Number.isFinite(n) && n > 0 ? n : fallback;
    };
    const km = Math.min(100, value("km", 5));
    const pace = Math.min(30, value("pace", 6)) * 60;
    const sport = ["Run", "Ride", "Walk"].includes(String(form.sport)) ? String(form.sport) : "Run";
    const ago = Number(form.ago);
    const start = new Date(strava.now().getTime() - (Number.isFinite(ago) && ago >= 0 ? ago : 60) * 60_000);
    await strava.recordActivity(athlete.id, {
      sport_type: sport,
      start,
      streams: syntheticRoute({ km, paceSecondsPerKm: pace, start, everySeconds: 2 }),
    });
    return c.redirect(`record?athlete=${encodeURIComponent(athlete.firstname)}`, 303);
  });

  app.onError((error, c) => {
    if (error instanceof LocalStravaError) {
      const detail = error.errors.map((e) => `${e.resource} ${e.field} ${e.code}`).join("; ");
      return c.html(
        page("Local Strava: error", html`${banner}<div class="card"><h1>${error.message}</h1><p>${detail}</p></div>`),
        error.status === 404 ? 404 : 400,
      );
    }
    throw error;
  });
  return app;
}

function hidden(request: AuthorizeRequest) {
  return html`<input type="hidden" name="client_id" value="${request.clientId}">
    <input type="hidden" name="redirect_uri" value="${request.redirectUri}">
    <input type="hidden" name="scope" value="${request.scopes.join(",")}">
    <input type="hidden" name="state" value="${request.state}">
    <input type="hidden" name="approval_prompt" value="${request.approvalPrompt}">`;
}
