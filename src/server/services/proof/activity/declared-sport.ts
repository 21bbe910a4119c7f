/**
 * The sport an activity file says it is (FIT's session sport, TCX's `Activity Sport`, GPX's track `type`), in the few
 * kinds a run proof tells apart (issue 38, decision 0128). "walk" is kept apart from "hike": a beginner's run/walk is
 * often recorded as a walk, so a declared walk is judged by its pace like an undeclared file, where a declared hike is
 * refused.
 */
export type DeclaredSport = "run" | "walk" | "ride" | "swim" | "paddle" | "hike" | "other";

const KINDS: Record<Exclude<DeclaredSport, "walk" | "other">, readonly string[]> = {
  // FIT's names lower-cased, TCX's Running, and what apps write in GPX (Garmin "running", Strava "running" or "9" on
  // its runs). Strava's other numbers are undocumented (the corpus has 16 on a swim, 17 on a ride): left undeclared.
  run: [
    "running",
    "run",
    "wheelchairpushrun",
    "trailrunning",
    "trailrun",
    "treadmillrunning",
    "virtualrun",
    "treadmill",
    "indoorrunning",
    "9",
  ],
  ride: [
    "cycling",
    "biking",
    "ride",
    "bike",
    "ebiking",
    "ebikeride",
    "roadbiking",
    "mountainbiking",
    "virtualride",
    "indoorcycling",
    "spin",
    // Strava's sport_type names.
    "mountainbikeride",
    "gravelride",
    "emountainbikeride",
    "velomobile",
    "handcycle",
  ],
  swim: ["swimming", "swim", "openwaterswimming", "lapswimming", "poolapnea", "snorkeling", "diving"],
  paddle: [
    "paddling",
    "standuppaddleboarding",
    "standuppaddling",
    "kayaking",
    "canoeing",
    "rowing",
    "indoorrowing",
    "rafting",
    "paddle",
    "virtualrow",
  ],
  hike: ["hiking", "hike", "mountaineering", "snowshoeing", "snowshoe"],
};
/**
 * Strava's "Wheelchair" says nothing of the pace it was pushed at (FIT tells a push run from a push walk): judged by
 * pace, as a walk is.
 */
const WALK = ["walking", "walk", "wheelchairpushwalk", "wheelchair"];
/**
 * Names that say nothing of how one moved: judged by pace like a file with no sport at all. TCX writes "Other" for
 * anything that is neither a run nor a ride; FIT's multisport and transition legs are not a sport of their own.
 */
const UNDECLARED = [
  "",
  "generic",
  "other",
  "all",
  "multisport",
  "transition",
  "training",
  "fitnessequipment",
  "workout",
];

const byName = new Map<string, DeclaredSport>();
for (const [kind, names] of Object.entries(KINDS)) for (const name of names) byName.set(name, kind as DeclaredSport);
for (const name of WALK) byName.set(name, "walk");

/**
 * The kind a file's own word for its sport names, or null when it declares none. FIT's sport names and Strava's
 * `sport_type` and `type` are closed lists, so any other of their sports (driving, skiing, golf, yoga, surfing…) is
 * "other"; a GPX `type` is free text, so a word not known here reads as undeclared rather than refusing a run an app
 * names oddly.
 */
export function declaredSport(name: unknown, source: "fit" | "strava" | "free"): DeclaredSport | null {
  if (typeof name !== "string") return null;
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (UNDECLARED.includes(key)) return null;
  return byName.get(key) ?? (source === "free" ? null : "other");
}
