import { randomBytes } from "node:crypto";
import type { LocalActivity, LocalAthlete } from "./store.ts";
import { encodePolyline, summarize, summaryPoints } from "./synthetic-route.ts";

/**
 * Strava's representations of what the stand-in keeps: the athlete (summary in a token answer, detailed from
 * /athlete) and the activity (detailed from /activities/{id}, summary in lists), with Strava's field names, its legacy
 * `type` beside `sport_type`, and its quirks (local time written with a "Z", "(GMT+01:00) Europe/Berlin").
 */

/** sport_type → the legacy `type` Strava still sends; sport types not listed are their own type. */
const LEGACY_TYPE: Record<string, string> = {
  TrailRun: "Run",
  MountainBikeRide: "Ride",
  GravelRide: "Ride",
  EMountainBikeRide: "EBikeRide",
  Badminton: "Workout",
  HighIntensityIntervalTraining: "Workout",
  Pickleball: "Workout",
  Pilates: "Workout",
  Racquetball: "Workout",
  Squash: "Workout",
  TableTennis: "Workout",
  Tennis: "Workout",
  VirtualRow: "Rowing",
};
export const legacyType = (sportType: string) => LEGACY_TYPE[sportType] ?? sportType;

export const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The zone's offset at that instant, in seconds, from Intl's "GMT+01:00". */
export function offsetSeconds(date: Date, timeZone: string) {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60);
}

function stravaTimezone(offset: number, timeZone: string) {
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 3600)).padStart(2, "0");
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, "0");
  return `(GMT${offset < 0 ? "-" : "+"}${hh}:${mm}) ${timeZone}`;
}

/** Strava names an activity by the local hour it started: "Morning Run", "Evening Trail Run". */
export function defaultName(sportType: string, localHour: number) {
  const part =
    localHour < 4
      ? "Night"
      : localHour < 11
        ? "Morning"
        : localHour < 14
          ? "Lunch"
          : localHour < 17
            ? "Afternoon"
            : localHour < 22
              ? "Evening"
              : "Night";
  return `${part} ${sportType.replace(/([a-z])([A-Z])/g, "$1 $2")}`;
}

export function summaryAthlete(a: LocalAthlete) {
  return {
    id: a.id,
    username: null,
    resource_state: 2,
    firstname: a.firstname,
    lastname: a.lastname,
    bio: null,
    city: "Berlin",
    state: "Berlin",
    country: "Germany",
    sex: null,
    premium: false,
    summit: false,
    created_at: a.created_at,
    updated_at: a.created_at,
    badge_type_id: 0,
    weight: null,
    // Strava's placeholder for an athlete without a photo is this relative path, not a URL.
    profile_medium: "avatar/athlete/medium.png",
    profile: "avatar/athlete/large.png",
    friend: null,
    follower: null,
  };
}

export function detailedAthlete(a: LocalAthlete) {
  return {
    ...summaryAthlete(a),
    resource_state: 3,
    follower_count: 0,
    friend_count: 0,
    mutual_friend_count: 0,
    athlete_type: 1,
    date_preference: "%m/%d/%Y",
    measurement_preference: "meters",
    clubs: [],
    ftp: null,
    bikes: [],
    shoes: [],
  };
}

function figures(activity: LocalActivity) {
  if (activity.streams) return summarize(activity.streams);
  const manual = activity.manualFigures ?? { distance: 0, moving_time: 0, elapsed_time: 0 };
  const speed = manual.moving_time > 0 ? Math.round((manual.distance / manual.moving_time) * 1000) / 1000 : 0;
  return { ...manual, total_elevation_gain: 0, average_speed: speed, max_speed: 0, start: null, end: null };
}

/** Strava's representation: detailed (3) for GET /activities/{id}, summary (2) in lists. */
export function present(activity: LocalActivity, resourceState: 2 | 3) {
  const start = new Date(activity.start);
  const offset = offsetSeconds(start, activity.timeZone);
  const f = figures(activity);
  const points = activity.streams?.latlng ?? [];
  const altitude = activity.streams?.altitude ?? [];
  const summary = {
    resource_state: resourceState,
    athlete: { id: activity.athleteId, resource_state: 1 },
    name: activity.name,
    distance: f.distance,
    moving_time: f.moving_time,
    elapsed_time: f.elapsed_time,
    total_elevation_gain: f.total_elevation_gain,
    type: legacyType(activity.sport_type),
    sport_type: activity.sport_type,
    workout_type: null,
    id: activity.id,
    external_id: activity.manual ? null : `local-strava-${activity.id}.fit`,
    upload_id: activity.manual ? null : activity.id + 1_000_000_000,
    start_date: iso(start),
    // Strava writes the local wall-clock time with a "Z", though it is not UTC.
    start_date_local: iso(new Date(start.getTime() + offset * 1000)),
    timezone: stravaTimezone(offset, activity.timeZone),
    utc_offset: offset,
    location_city: null,
    location_state: null,
    location_country: null,
    achievement_count: 0,
    kudos_count: 0,
    comment_count: 0,
    athlete_count: 1,
    photo_count: 0,
    map: {
      id: `a${activity.id}`,
      ...(resourceState === 3 ? { polyline: points.length ? encodePolyline(points) : "" } : {}),
      summary_polyline: points.length ? encodePolyline(summaryPoints(points)) : "",
      resource_state: resourceState,
    },
    trainer: activity.trainer,
    commute: activity.commute,
    manual: activity.manual,
    private: activity.visibility === "only_me",
    visibility: activity.visibility,
    flagged: false,
    gear_id: null,
    start_latlng: f.start ?? [],
    end_latlng: f.end ?? [],
    average_speed: f.average_speed,
    max_speed: f.max_speed,
    has_heartrate: false,
    heartrate_opt_out: false,
    display_hide_heartrate_option: false,
    elev_high: altitude.length ? Math.max(...altitude) : 0,
    elev_low: altitude.length ? Math.min(...altitude) : 0,
    upload_id_str: activity.manual ? undefined : String(activity.id + 1_000_000_000),
    from_accepted_tag: false,
    pr_count: 0,
    total_photo_count: 0,
    has_kudoed: false,
  };
  if (resourceState === 2) return summary;
  return {
    ...summary,
    description: null,
    calories: 0,
    perceived_exertion: null,
    prefer_perceived_exertion: null,
    segment_efforts: [],
    splits_metric: [],
    laps: [],
    best_efforts: [],
    photos: { primary: null, count: 0 },
    stats_visibility: [],
    hide_from_home: false,
    device_name: activity.device_name,
    embed_token: randomBytes(20).toString("hex"),
    available_zones: [],
  };
}
