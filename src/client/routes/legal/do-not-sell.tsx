import { Link } from "react-router";
import { LegalPage } from "#client/features/legal/legal-page.tsx";
import { config } from "#client/lib/config.ts";
import { LEGAL_TERMS } from "#shared/legal/terms.ts";
import { paths } from "#shared/paths.ts";

export function meta() {
  return [
    { title: `Do Not Sell My Personal Information — ${config.appName}` },
    {
      name: "description",
      content: `${config.appName} does not sell or share your personal information. How to make a request under California law.`,
    },
  ];
}

const T = LEGAL_TERMS;

export default function DoNotSell() {
  const email = <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>;
  return (
    <LegalPage
      title="Do Not Sell My Personal Information"
      intro={`The short answer: ${config.appName} does not sell your personal information, and does not share it for advertising. Not now, not later.`}
    >
      <h2>What this means</h2>
      <p>
        The California Consumer Privacy Act (CCPA, as amended by the CPRA) gives California residents the right to opt
        out of the "sale" or "sharing" of their personal information. We do neither: we do not exchange your data for
        money or anything else of value, and we do not pass it to anyone for cross-context behavioural advertising. Data
        goes only to the service providers that run {config.appName} for us — hosting, e-mail delivery, the AI model
        provider and the payment provider — under contracts that forbid them to use it for their own purposes.
      </p>

      <h2>Marketing cookies stay off</h2>
      <p>
        We use no marketing cookies today. If that ever changes they will only run after you switch them on in the{" "}
        <Link to={paths.cookieBanner}>cookie settings</Link>, and this page will be updated first.
      </p>

      <h2>Your requests</h2>
      <p>
        Wherever you live, you can ask us to confirm that we do not sell your data, to tell you what we hold about you,
        to correct it or to delete it. Write to {email} with the subject "Do Not Sell or Share" or "Privacy request"
        from the e-mail address of your account, so we can verify it is you. An authorised agent may send a request on
        your behalf with your written permission.
      </p>
      <ul>
        <li>We answer within {T.privacyResponseDays} days.</li>
        <li>California residents receive an answer within {T.californiaResponseDays} days, as the CCPA requires.</li>
        <li>Making a request never costs anything and never affects the service you get.</li>
      </ul>
      <p>
        More about what we store and why: <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
