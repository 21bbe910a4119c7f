import { Link } from "react-router";
import { useLandingRedirect } from "../lib/use-landing-redirect.ts";

export default function Landing() {
  useLandingRedirect();
  return (
    <main className="mx-auto max-w-3xl px-5 py-20">
      <h1 className="font-display text-5xl uppercase leading-none sm:text-7xl">You Know You're Capable of More</h1>
      <Link to="/ChallengePage" className="btn-primary mt-10">
        TAKE THE CHALLENGE
      </Link>
    </main>
  );
}
