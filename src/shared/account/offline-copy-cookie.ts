/**
 * The cookie that says, to this browser's own scripts, whose offline copy may be put back (issue 57 row 4, decision
 * 0170): a tag of the signed-in man, set by the server beside his session and gone with it. Not the session: the tag
 * opens nothing, and scripts may read it where they can never read the session cookie.
 */
export const OFFLINE_COPY_COOKIE = "unscroll.copy";
