import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, useLoaderData, useParams } from "react-router";
import { partnerViewQuery } from "../features/partner/api/partner-view.ts";
import { PartnerView } from "../features/partner/partner-view.tsx";
import { config } from "../lib/config.ts";
import { preload } from "../lib/preload.ts";
import { foundNothingFor, serverPreload } from "../lib/server-preload.ts";

/** The secret link is the key: never indexed, and never sent on as a referrer (the server says both in headers too). */
export function meta() {
  return [
    { title: `Accountability partner — ${config.appName}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** His partner's page loads with the route, before its code has rendered anything (issue 37). */
export const clientLoader = ({ params }: ClientLoaderFunctionArgs) => preload(partnerViewQuery(params.token ?? ""));

/**
 * The same in the page the server renders: his plan is in its HTML (decision 0139), and so is "not valid any more"
 * for a link that opens nothing, where the page once said "Loading the plan..." until its scripts had asked again.
 */
export const loader = ({ params }: LoaderFunctionArgs) => serverPreload(partnerViewQuery(params.token ?? ""));

/** /partner/view/:token: what a partner sees, signed in or not. */
export default function PartnerViewRoute() {
  const { token = "" } = useParams();
  const linkNotValid = foundNothingFor(useLoaderData(), partnerViewQuery(token).queryKey);
  return (
    <main className="page-container max-w-2xl py-10 sm:py-16">
      <PartnerView token={token} linkNotValid={linkNotValid} />
    </main>
  );
}
