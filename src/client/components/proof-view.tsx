import type { ProofSummary } from "#shared/proof/contracts.ts";
import { ActivitySummary } from "./activity-summary.tsx";

/**
 * A milestone's proof as its owner and his partners see it: the activity's figures and route, or the photo (its size
 * known before it loads, so nothing jumps). `alt` describes the photo in the milestone's own words; `timeZone`, the one
 * its time is written in (ActivitySummary).
 */
export function ProofView({ proof, alt, timeZone }: { proof: ProofSummary; alt: string; timeZone?: string }) {
  if (proof.kind === "activity") return <ActivitySummary activity={proof.activity} compact timeZone={timeZone} />;
  return (
    <img
      src={proof.photo.url}
      alt={alt}
      width={proof.photo.width}
      height={proof.photo.height}
      loading="lazy"
      decoding="async"
      className="max-h-64 w-auto max-w-full rounded-xl border border-line object-contain"
      data-testid="proof-photo"
    />
  );
}
