import { ClosingCall, Hero, NotForEveryone, Pains, Steps } from "../features/marketing/landing-sections.tsx";
import { useLandingRedirect } from "../lib/use-landing-redirect.ts";

export default function Landing() {
  useLandingRedirect();
  return (
    <main>
      <Hero />
      <Pains />
      <Steps />
      <NotForEveryone />
      <ClosingCall />
    </main>
  );
}
