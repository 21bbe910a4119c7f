/**
 * The server POSTs every push to the endpoint a browser gave it, so an endpoint is a URL an attacker could choose
 * (server-side request forgery). Only the push services of the browsers we know are accepted: https, their own host
 * names, the default port (decision 0098). Outside production a loopback address may also be http, for the tests'
 * fake push service.
 */
const PUSH_SERVICE_HOSTS = new Set(["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"]);
/** Apple's and Microsoft's push services answer on many host names under these. */
const PUSH_SERVICE_DOMAINS = [".push.apple.com", ".notify.windows.com"];
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

function isPushServiceHost(hostname: string) {
  return PUSH_SERVICE_HOSTS.has(hostname) || PUSH_SERVICE_DOMAINS.some((domain) => hostname.endsWith(domain));
}

export function isAllowedPushEndpoint(endpoint: string, options: { production: boolean }): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  const hostname = url.hostname.toLowerCase();
  if (url.protocol === "https:" && url.port === "" && isPushServiceHost(hostname)) return true;
  return !options.production && (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.has(hostname);
}
