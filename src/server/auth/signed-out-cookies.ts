import type { Auth } from "./auth.ts";
import { expiredDeviceCookieHeader } from "./device-cookie.ts";
import { expiredOfflineCopyCookieHeader } from "./offline-copy-cookie.ts";

/**
 * The Set-Cookie headers that sign out the browser whose request carried `headers`: better-auth's sign-out expires
 * its own cookies (session and cache), and the device cookie and the offline copy's tag go too. For a route that ends an account: his sessions
 * are gone with his rows already, this clears what the browser still holds.
 */
export async function signedOutCookies(auth: Auth, headers: Headers, secure: boolean): Promise<string[]> {
  const signedOut = await auth.api.signOut({ headers, asResponse: true });
  return [
    ...signedOut.headers.getSetCookie(),
    expiredDeviceCookieHeader(secure),
    expiredOfflineCopyCookieHeader(secure),
  ];
}
