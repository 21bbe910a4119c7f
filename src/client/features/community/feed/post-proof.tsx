import { fromStrava } from "#client/components/activity-source.ts";
import { RouteShape } from "#client/components/route-shape.tsx";
import type { PostProof as Proof } from "#shared/community/contracts.ts";
import { formatDistance, formatMovingTime, formatPace } from "#shared/proof/rules.ts";

const proofLabels = { activity: "With proof: activity file", photo: "With proof: photo" } as const;

/**
 * The proof a post shows, as its author chose to share it (issue 53 row 4): the photo, or the run's route, distance,
 * moving time and pace, under the line that says what backs the win. Everything a post shows of its proof is here,
 * so a mark about the proof belongs here too.
 */
export function PostProof({ proof, name, win }: { proof: Proof; name: string; win: string }) {
  return (
    <div className="mt-2">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-success/10 px-2.5 py-1 text-xs font-semibold text-success">
        <span aria-hidden="true">✓</span>
        {proof.kind === "activity" && fromStrava(proof.activity)
          ? "With proof: run from Strava"
          : proofLabels[proof.kind]}
      </p>
      {proof.kind === "photo" ? (
        <img
          src={proof.photo.url}
          alt={`${name}'s proof: ${win}`}
          width={proof.photo.width}
          height={proof.photo.height}
          loading="lazy"
          decoding="async"
          className="mt-3 max-h-80 w-auto max-w-full rounded-xl border border-line object-contain"
          data-testid="post-proof-photo"
        />
      ) : (
        <ActivityProof activity={proof.activity} name={name} />
      )}
    </div>
  );
}

function ActivityProof({
  activity,
  name,
}: {
  activity: Extract<Proof, { kind: "activity" }>["activity"];
  name: string;
}) {
  const figures = [
    { label: "Distance", value: formatDistance(activity.distanceMeters) },
    { label: "Pace", value: formatPace(activity.paceSecondsPerKm) },
    { label: "Moving time", value: formatMovingTime(activity.movingSeconds) },
  ];
  return (
    <div className="mt-3 flex items-center gap-4" data-testid="post-proof-activity">
      <RouteShape
        route={activity.route}
        label={`The shape of ${name}'s route: ${figures[0]?.value} at ${figures[1]?.value}`}
        className="w-24 shrink-0 sm:w-28"
      />
      <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{figure.label}</dt>
            <dd className="whitespace-nowrap font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
