/** Cookie consent banner. Owned by the public-site work. */
export function CookieBanner() {
  return null;
}
