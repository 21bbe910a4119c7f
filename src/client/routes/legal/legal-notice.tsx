import { Link } from "react-router";
import { LegalPage, OperatorAddress } from "#client/features/legal/legal-page.tsx";
import { config } from "#client/lib/config.ts";
import { paths } from "#shared/paths.ts";

export function meta() {
  return [
    { title: `Legal Notice (Impressum) — ${config.appName}` },
    { name: "description", content: `Who operates ${config.appName} and how to reach us (§ 5 DDG).` },
  ];
}

export default function LegalNotice() {
  return (
    <LegalPage
      title="Legal Notice"
      intro="Impressum — information according to § 5 of the German Digital Services Act (DDG)."
    >
      <h2>Operator</h2>
      <p>
        {config.appName} is operated by an individual in Germany, not by a company. The operator and service provider
        is:
      </p>
      <OperatorAddress name={config.legalName} address={config.legalAddress} />

      <h2>Contact</h2>
      <p>
        E-mail: <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
      </p>
      <p>We answer e-mails within two working days, usually much sooner.</p>

      <h2>Responsible for the content</h2>
      <p>
        Responsible for the content according to § 18 (2) of the German Interstate Media Treaty (MStV):{" "}
        {config.legalName}, address as above.
      </p>

      <h2>Consumer dispute resolution</h2>
      <p>
        We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration
        board (§ 36 VSBG). If something goes wrong, write to us first — we would much rather fix it with you directly.
      </p>

      <h2>Liability for content and links</h2>
      <p>
        We write the content of these pages with care, but cannot guarantee that it is complete, correct and current at
        all times. As a service provider we are responsible for our own content under the general laws (§ 7 (1) DDG); we
        are not obliged to monitor third-party information we transmit or store (§§ 8 to 10 DDG). Where we link to other
        websites, their operators are responsible for them; we checked them when we linked and remove any link as soon
        as we learn of a violation of law.
      </p>

      <h2>Copyright</h2>
      <p>
        The texts, design and code of {config.appName} are protected by copyright. Please ask before reusing them beyond
        what the law allows.
      </p>

      <h2>More</h2>
      <p>
        How we handle your data: <Link to={paths.privacyPolicy}>Privacy Policy</Link>. The rules of the service:{" "}
        <Link to={paths.termsOfService}>Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
