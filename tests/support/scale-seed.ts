/** The password of every man `npm run seed:scale` makes: a bench at scale signs one of them in with it. */
export const SCALE_SEED_PASSWORD = "scale-seed-password";
