// Renders look-alikes of the phone's own Screen Time (iPhone) and Digital Wellbeing (Android) screens, and a few
// pictures that are not one, into tests/fixtures/screen-time/ with the reading each should give in expected.json
// (issue 55). Run once when the corpus changes; the PNGs are committed:
// `node --import tsx scripts/render-screen-time-corpus.ts`.
// One job in one file, over 400 lines: each picture of the corpus is a few lines of drawing, kept beside its reading.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { addDays } from "../src/shared/time.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";

const root = resolve(import.meta.dirname, "..");
const out = resolve(root, "tests/fixtures/screen-time");
/** Every relative date of the corpus ("Yesterday", "Monday, 23 November", "Last Week") is read against this day. */
const TODAY = "2026-11-25";

type Lang = "en" | "de";
type Platform = "ios" | "android";
type Theme = "light" | "dark";
type Period = "day" | "week";
/** What the screen's date line says. */
type When = "today" | "yesterday" | "monday" | "this-week" | "last-week";
type App = { name: string; minutes: number };
type Screen = {
  file: string;
  platform: Platform;
  theme: Theme;
  lang: Lang;
  period: Period;
  when: When;
  clock: 12 | 24;
  minutes: number;
  apps: App[];
};

const APPS: App[][] = [
  [
    { name: "Instagram", minutes: 134 },
    { name: "YouTube", minutes: 72 },
    { name: "Safari", minutes: 41 },
    { name: "WhatsApp", minutes: 23 },
    { name: "Messages", minutes: 9 },
    { name: "Maps", minutes: 4 },
  ],
  [
    { name: "TikTok", minutes: 151 },
    { name: "Reddit", minutes: 65 },
    { name: "Chrome", minutes: 38 },
    { name: "Gmail", minutes: 12 },
    { name: "Spotify", minutes: 7 },
  ],
  [
    { name: "X", minutes: 25 },
    { name: "Mail", minutes: 11 },
    { name: "Photos", minutes: 6 },
    { name: "Clock", minutes: 2 },
  ],
];

/** Apps scaled so they add up to a little less than the total, as a phone's list does. */
function appsFor(minutes: number, set: number): App[] {
  const apps = APPS[set % APPS.length] ?? [];
  const sum = apps.reduce((s, a) => s + a.minutes, 0);
  return apps.map((a) => ({ name: a.name, minutes: Math.max(1, Math.round((a.minutes / sum) * minutes * 0.85)) }));
}

const platforms: Platform[] = ["ios", "android"];
const themes: Theme[] = ["light", "dark"];
const langs: Lang[] = ["en", "de"];
const periods: Period[] = ["day", "week"];
// Under an hour, hours and minutes, ten hours and more, and whole hours.
const TOTALS = [382, 45, 754, 420, 312, 65, 187, 600, 38, 503, 131, 690, 245, 52, 299, 540, 128, 15, 960, 75];
const DAY_WHENS: When[] = ["today", "yesterday", "monday"];
const WEEK_WHENS: When[] = ["this-week", "last-week"];

const screens: Screen[] = [];
let n = 0;
for (const platform of platforms)
  for (const theme of themes)
    for (const lang of langs)
      for (const period of periods) {
        const minutes = TOTALS[n % TOTALS.length] ?? 60;
        const when = period === "day" ? (DAY_WHENS[n % 3] ?? "today") : (WEEK_WHENS[n % 2] ?? "this-week");
        screens.push({
          file: `${platform}-${theme}-${lang}-${period}.png`,
          platform,
          theme,
          lang,
          period,
          when,
          clock: n % 2 === 0 ? 24 : 12,
          minutes,
          apps: appsFor(minutes, n),
        });
        n += 1;
      }
// More totals on the day views most men will send: under an hour, whole hours, 10 h and more.
for (const [i, minutes] of [60, 15, 960, 75].entries()) {
  const platform = platforms[i % 2] ?? "ios";
  const lang = langs[Math.floor(i / 2)] ?? "en";
  screens.push({
    file: `${platform}-${i % 3 === 0 ? "dark" : "light"}-${lang}-day-${minutes}.png`,
    platform,
    theme: i % 3 === 0 ? "dark" : "light",
    lang,
    period: "day",
    when: DAY_WHENS[(i + 1) % 3] ?? "today",
    clock: i % 2 === 0 ? 12 : 24,
    minutes,
    apps: appsFor(minutes, i + 1),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The words and number formats of each platform and language

const T = {
  en: {
    screenTime: "Screen Time",
    dailyAverage: "Daily Average",
    today: "Today",
    yesterday: "Yesterday",
    monday: "Monday, 23 November",
    androidMonday: "Mon, 23 Nov",
    thisWeek: "This Week",
    lastWeek: "Last Week",
    mostUsed: "MOST USED",
    showCategories: "SHOW CATEGORIES",
    pickups: "PICKUPS",
    week: "Week",
    day: "Day",
    updated: (clock: string) => `Updated today at ${clock}`,
    categories: ["Social", "Entertainment", "Productivity & Finance"],
    fromLastWeek: "12% from last week",
    totalScreenTime: "Total Screen Time",
    weekdays: ["S", "M", "T", "W", "T", "F", "S"],
    androidWeekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    unlocks: "unlocks",
    notifications: "notifications",
    tools: "Ways to disconnect",
    wellbeing: "Digital Wellbeing",
    androidScreenTime: "Screen time",
    androidDaily: "Daily average",
    back: "Settings",
  },
  de: {
    screenTime: "Bildschirmzeit",
    dailyAverage: "Tagesdurchschnitt",
    today: "Heute",
    yesterday: "Gestern",
    monday: "Montag, 23. November",
    androidMonday: "Mo., 23. Nov.",
    thisWeek: "Diese Woche",
    lastWeek: "Letzte Woche",
    mostUsed: "AM HÄUFIGSTEN VERWENDET",
    showCategories: "KATEGORIEN",
    pickups: "AKTIVIERUNGEN",
    week: "Woche",
    day: "Tag",
    updated: (clock: string) => `Aktualisiert: heute, ${clock}`,
    categories: ["Soziale Netzwerke", "Unterhaltung", "Produktivität"],
    fromLastWeek: "12 % mehr als letzte Woche",
    totalScreenTime: "Bildschirmzeit gesamt",
    weekdays: ["M", "D", "M", "D", "F", "S", "S"],
    androidWeekdays: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    unlocks: "Entsperrungen",
    notifications: "Benachrichtigungen",
    tools: "Möglichkeiten zum Abschalten",
    wellbeing: "Digital Wellbeing",
    androidScreenTime: "Bildschirmzeit",
    androidDaily: "Tagesdurchschnitt",
    back: "Einstellungen",
  },
} as const;

/** "6h 22m" / "6 Std., 22 Min." (iPhone); "5 hrs, 12 mins" / "5 Std. 12 Min." (Android). */
function duration(minutes: number, platform: Platform, lang: Lang): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (platform === "ios") {
    if (lang === "en") return [h ? `${h}h` : "", m || !h ? `${m}m` : ""].filter(Boolean).join(" ");
    return [h ? `${h} Std.` : "", m || !h ? `${m} Min.` : ""].filter(Boolean).join(", ");
  }
  if (lang === "en") {
    const hs = h ? `${h} ${h === 1 ? "hr" : "hrs"}` : "";
    const ms = m || !h ? `${m} ${m === 1 ? "min" : "mins"}` : "";
    return [hs, ms].filter(Boolean).join(", ");
  }
  return [h ? `${h} Std.` : "", m || !h ? `${m} Min.` : ""].filter(Boolean).join(" ");
}

function statusClock(clock: 12 | 24) {
  return clock === 12 ? "9:41" : "21:41";
}

function dateLine(s: Screen) {
  const t = T[s.lang];
  const android = s.platform === "android";
  return {
    today: t.today,
    yesterday: t.yesterday,
    monday: android ? t.androidMonday : t.monday,
    "this-week": t.thisWeek,
    "last-week": t.lastWeek,
  }[s.when];
}

/** The day the screen shows, as the reader should give it. */
function expectedDay(s: Screen): string {
  switch (s.when) {
    case "today":
    case "this-week":
      return TODAY;
    case "yesterday":
      return addDays(TODAY, -1);
    case "monday":
      return "2026-11-23";
    // The week before this one ends on its Saturday (weeks from Sunday, as an English iPhone shows them) or its Sunday.
    case "last-week":
      return s.lang === "en" && s.platform === "ios" ? "2026-11-21" : "2026-11-22";
  }
}

function colors(theme: Theme, platform: Platform) {
  if (platform === "ios")
    return theme === "light"
      ? { bg: "#f2f2f7", card: "#ffffff", text: "#000000", dim: "#8e8e93", line: "#d1d1d6", accent: "#007aff" }
      : { bg: "#000000", card: "#1c1c1e", text: "#ffffff", dim: "#8e8e93", line: "#38383a", accent: "#0a84ff" };
  return theme === "light"
    ? { bg: "#f8f9fc", card: "#ffffff", text: "#1b1b1f", dim: "#5f6368", line: "#dadce0", accent: "#1a73e8" }
    : { bg: "#1b1b1f", card: "#2a2a2e", text: "#e3e3e8", dim: "#a8aab0", line: "#44464b", accent: "#8ab4f8" };
}

const inter = readFileSync(
  resolve(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
).toString("base64");
const interExt = readFileSync(
  resolve(root, "node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2"),
).toString("base64");

function page(body: string, c: ReturnType<typeof colors>) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: Phone; src: url(data:font/woff2;base64,${inter}) format("woff2"); font-weight: 100 900; }
@font-face { font-family: Phone; src: url(data:font/woff2;base64,${interExt}) format("woff2"); font-weight: 100 900;
  unicode-range: U+0100-024F; }
* { box-sizing: border-box; }
body { margin: 0; background: ${c.bg}; color: ${c.text}; font-family: Phone, sans-serif; overflow: hidden; }
.status { display: flex; justify-content: space-between; padding: 14px 28px 6px; font-weight: 600; font-size: 16px; }
.battery { width: 26px; height: 12px; border: 1.5px solid ${c.text}; border-radius: 3px; padding: 1px; }
.battery i { display: block; height: 100%; width: 70%; background: ${c.text}; border-radius: 1px; }
.dim { color: ${c.dim}; }
.card { background: ${c.card}; border-radius: 12px; margin: 0 16px; padding: 14px 16px; }
.section { font-size: 13px; color: ${c.dim}; padding: 22px 32px 7px; display: flex; justify-content: space-between; }
.section b { color: ${c.accent}; font-weight: 400; }
.chart { position: relative; height: 110px; margin-top: 12px; border-bottom: 1px solid ${c.line}; }
.bar { position: absolute; bottom: 0; border-radius: 3px 3px 0 0; }
.axis { display: flex; justify-content: space-between; font-size: 11px; color: ${c.dim}; padding: 4px 34px 0 0; }
.yaxis { position: absolute; right: 0; font-size: 11px; color: ${c.dim}; }
.row { display: flex; align-items: center; gap: 12px; padding: 9px 0; border-bottom: 1px solid ${c.line}; }
.icon { width: 32px; height: 32px; border-radius: 8px; flex: none; }
</style></head><body>${body}</body></html>`;
}

const ICON_COLORS = ["#e1306c", "#ff0000", "#1e88e5", "#25d366", "#34c759", "#ff9500"];

function iosScreen(s: Screen) {
  const t = T[s.lang];
  const c = colors(s.theme, "ios");
  const week = s.period === "week";
  const maxApp = Math.max(...s.apps.map((a) => a.minutes));
  const hourBars = Array.from({ length: 24 }, (_, h) => {
    const v = h < 7 ? 0 : ((h * 37) % 11) / 11;
    return `<div class="bar" style="left:${(h / 24) * 88}%;width:2.6%;height:${Math.round(v * 100)}px;background:${c.accent}"></div>`;
  }).join("");
  const dayBars = t.weekdays
    .map((_, d) => {
      const v = 0.35 + ((d * 53) % 7) / 10;
      return `<div class="bar" style="left:${d * 12.6 + 1}%;width:8%;height:${Math.round(v * 95)}px;background:${c.accent}"></div>`;
    })
    .join("");
  const hourAxis = s.clock === 12 ? ["12 AM", "6 AM", "12 PM", "6 PM"] : ["00", "06", "12", "18"];
  const yLabels = week
    ? s.lang === "en"
      ? ["6h", "3h", "0"]
      : ["6 Std.", "3 Std.", "0"]
    : s.lang === "en"
      ? ["60m", "30m", "0"]
      : ["60 Min.", "30 Min.", "0"];
  const ys = yLabels.map((l, i) => `<div class="yaxis" style="top:${i * 50 - 6}px">${l}</div>`).join("");
  const avgLine = week
    ? `<div style="position:absolute;left:0;right:34px;top:48px;border-top:1.5px dashed ${c.dim}"></div><div class="yaxis" style="top:40px;right:-28px">${s.lang === "en" ? "avg" : "Ø"}</div>`
    : "";
  const cats = t.categories
    .map(
      (name, i) =>
        `<div><div style="color:${["#007aff", "#30b0c7", "#ff9500"][i]};font-size:14px">${name}</div><div style="font-size:15px">${duration(Math.round(s.minutes * [0.45, 0.3, 0.1][i]!), "ios", s.lang)}</div></div>`,
    )
    .join("");
  const weekTotal = week
    ? `<div class="row" style="border:0;justify-content:space-between;font-size:15px"><span>${t.totalScreenTime}</span><span class="dim">${duration(s.minutes * 7, "ios", s.lang)}</span></div>`
    : "";
  const clock12 = s.clock === 12 ? "9:41 PM" : "21:41";
  const apps = s.apps
    .map(
      (a, i) => `<div class="row"><div class="icon" style="background:${ICON_COLORS[i % ICON_COLORS.length]}"></div>
      <div style="flex:1"><div style="font-size:17px">${a.name}</div>
      <div style="display:flex;align-items:center;gap:8px;margin-top:4px"><div style="height:6px;border-radius:3px;background:${c.line};width:${Math.max(4, Math.round((a.minutes / maxApp) * 62))}%"></div>
      <span class="dim" style="font-size:14px;white-space:nowrap">${duration(a.minutes, "ios", s.lang)}</span></div></div>
      <span class="dim" style="font-size:20px">›</span></div>`,
    )
    .join("");
  const body = `
  <div class="status"><span>${statusClock(s.clock)}</span><span class="battery"><i></i></span></div>
  <div style="display:flex;align-items:center;padding:8px 12px;font-size:17px"><span style="color:${c.accent}">‹ ${t.screenTime}</span><span style="flex:1;text-align:center;font-weight:600;margin-right:90px">iPhone</span></div>
  <div style="display:flex;margin:8px 24px;background:${c.line};border-radius:9px;padding:2px;font-size:14px;font-weight:600">
    <div style="flex:1;text-align:center;padding:6px;border-radius:7px;${week ? `background:${c.card}` : ""}">${t.week}</div>
    <div style="flex:1;text-align:center;padding:6px;border-radius:7px;${week ? "" : `background:${c.card}`}">${t.day}</div></div>
  <div class="section"><span>${t.screenTime.toUpperCase()}</span></div>
  <div class="card">
    ${week ? `<div class="dim" style="font-size:13px;font-weight:600">${dateLine(s)}</div>` : ""}
    <div class="dim" style="font-size:17px">${week ? t.dailyAverage : dateLine(s)}</div>
    <div style="font-size:34px;font-weight:600;letter-spacing:-0.5px;margin-top:2px">${duration(s.minutes, "ios", s.lang)}</div>
    ${week ? `<div class="dim" style="font-size:13px">↑ ${t.fromLastWeek}</div>` : ""}
    <div class="chart">${week ? dayBars : hourBars}${ys}${avgLine}</div>
    <div class="axis">${(week ? [...t.weekdays] : hourAxis).map((l) => `<span>${l}</span>`).join("")}</div>
    <div style="display:flex;justify-content:space-between;margin-top:12px">${cats}</div>
    ${weekTotal}
  </div>
  <div class="dim" style="font-size:13px;padding:8px 32px">${t.updated(clock12)}</div>
  <div class="section"><span>${t.mostUsed}</span><b>${t.showCategories}</b></div>
  <div class="card" style="padding-top:2px;padding-bottom:2px">${apps}</div>
  <div class="section"><span>${t.pickups}</span></div>
  <div class="card"><div class="dim" style="font-size:17px">${dateLine(s)}</div><div style="font-size:34px;font-weight:600">${87 + (s.minutes % 40)}</div></div>`;
  return page(body, c);
}

function androidScreen(s: Screen) {
  const t = T[s.lang];
  const c = colors(s.theme, "android");
  const week = s.period === "week";
  const total = duration(s.minutes, "android", s.lang);
  const palette = ["#4285f4", "#34a853", "#fbbc04", "#ea4335", "#a142f4", "#24c1e0"];
  const apps = s.apps
    .map(
      (
        a,
        i,
      ) => `<div class="row" style="border:0;padding:12px 0"><div class="icon" style="border-radius:50%;width:40px;height:40px;background:${palette[i % palette.length]}"></div>
      <div style="flex:1"><div style="font-size:17px">${a.name}</div><div class="dim" style="font-size:14px;margin-top:2px">${duration(a.minutes, "android", s.lang)}</div></div>
      <div style="width:24px;height:24px;border:2px solid ${c.dim};border-radius:4px"></div></div>`,
    )
    .join("");
  let top: string;
  if (week || s.when !== "today") {
    // The "Screen time" page: a bar chart of days (a week) or of hours (one day), the date chosen above it.
    const bars = week
      ? t.androidWeekdays
          .map((_, d) => {
            const v = 0.3 + ((d * 41) % 7) / 10;
            return `<div class="bar" style="left:${d * 12.6 + 1}%;width:7%;height:${Math.round(v * 140)}px;background:${d === 2 ? c.accent : c.line}"></div>`;
          })
          .join("")
      : Array.from({ length: 24 }, (_, h) => {
          const v = h < 7 ? 0.02 : ((h * 29) % 9) / 9;
          return `<div class="bar" style="left:${(h / 24) * 88}%;width:2.4%;height:${Math.round(v * 140)}px;background:${c.accent}"></div>`;
        }).join("");
    const axis = week
      ? [...t.androidWeekdays]
      : s.clock === 12
        ? ["12 AM", "6 AM", "12 PM", "6 PM"]
        : ["00:00", "06:00", "12:00", "18:00"];
    const ys = (
      s.lang === "en"
        ? week
          ? ["8 hrs", "4 hrs", "0"]
          : ["60 min", "30 min", "0"]
        : week
          ? ["8 Std.", "4 Std.", "0"]
          : ["60 Min.", "30 Min.", "0"]
    )
      .map((l, i) => `<div class="yaxis" style="top:${i * 70 - 6}px;right:-8px">${l}</div>`)
      .join("");
    top = `<div style="padding:16px 24px 0;font-size:28px">${t.androidScreenTime}</div>
    <div style="display:flex;justify-content:space-between;align-items:center;padding:18px 24px;font-size:16px"><span style="font-size:22px">‹</span><span>${dateLine(s)}</span><span style="font-size:22px" class="dim">›</span></div>
    <div style="text-align:center">${week ? `<div class="dim" style="font-size:15px">${t.androidDaily}</div>` : ""}<div style="font-size:40px;margin:6px 0 4px">${total}</div></div>
    <div style="margin:10px 24px"><div class="chart" style="height:150px;border-color:${c.line}">${bars}${ys}</div>
    <div class="axis" style="padding-right:40px">${axis.map((l) => `<span>${l}</span>`).join("")}</div></div>`;
  } else {
    // The Digital Wellbeing dashboard: the donut of today's apps with the total in its middle.
    let angle = 0;
    const sum = s.apps.reduce((x, a) => x + a.minutes, 0) / 0.85;
    const stops = s.apps
      .map((a, i) => {
        const from = angle;
        angle += (a.minutes / sum) * 360;
        return `${palette[i % palette.length]} ${from}deg ${angle - 2}deg, transparent ${angle - 2}deg ${angle}deg`;
      })
      .join(", ");
    top = `<div style="padding:20px 24px 0;font-size:30px">${t.wellbeing}</div>
    <div style="position:relative;width:290px;height:290px;margin:26px auto 10px;border-radius:50%;background:conic-gradient(${stops}, ${c.line} ${angle}deg 360deg)">
      <div style="position:absolute;inset:20px;border-radius:50%;background:${c.bg};display:flex;flex-direction:column;align-items:center;justify-content:center">
        <div class="dim" style="font-size:15px">${dateLine(s)}</div><div style="font-size:25px;margin-top:4px;white-space:nowrap">${total}</div></div></div>
    <div style="display:flex;justify-content:space-around;padding:16px 24px;text-align:center">
      <div><div style="font-size:22px">${40 + (s.minutes % 60)}</div><div class="dim" style="font-size:14px">${t.unlocks}</div></div>
      <div><div style="font-size:22px">${120 + (s.minutes % 200)}</div><div class="dim" style="font-size:14px">${t.notifications}</div></div></div>`;
  }
  const body = `<div class="status" style="font-weight:500"><span>${statusClock(s.clock)}</span><span class="battery"><i></i></span></div>
  <div style="padding:8px 18px;font-size:24px">←</div>${top}
  <div style="padding:8px 24px">${apps}</div>
  <div style="padding:18px 24px 0;font-size:15px;color:${c.accent}">${t.tools}</div>`;
  return page(body, c);
}

/** Pictures that are not a screen-time screen: each should be refused. */
const WRONG: Array<{ file: string; html: string; blur?: boolean; width: number; height: number; scale: number }> = [
  {
    file: "wrong-photo.png",
    width: 400,
    height: 600,
    scale: 2,
    html: `<html><body style="margin:0;width:400px;height:600px;background:linear-gradient(#7fb2e5,#f3d9a6 55%,#5b7b3a 56%,#2f4a1f)">
      <div style="position:absolute;left:250px;top:90px;width:90px;height:90px;border-radius:50%;background:#fff3b0;filter:blur(4px)"></div>
      <div style="position:absolute;left:0;top:300px;width:400px;height:60px;background:radial-gradient(#3c5d2a,transparent);filter:blur(8px)"></div>
      <div style="position:absolute;left:60px;top:380px;width:40px;height:140px;background:#4a3426;border-radius:8px"></div>
      <div style="position:absolute;left:20px;top:300px;width:120px;height:120px;border-radius:50%;background:#2e5e25;filter:blur(3px)"></div></body></html>`,
  },
  {
    file: "wrong-chat.png",
    width: 390,
    height: 844,
    scale: 3,
    html: `<html><body style="margin:0;font-family:sans-serif;background:#fff">
      <div style="display:flex;justify-content:space-between;padding:14px 28px;font-weight:600">9:41<span>100%</span></div>
      <div style="text-align:center;padding:6px;border-bottom:1px solid #ddd"><b>Tom</b><div style="font-size:12px;color:#888">online</div></div>
      ${[
        ["Are we still running tomorrow at 7?", 0],
        ["Yes! 6h of sleep is enough for me 😅", 1],
        ["I spent 3h 20m on my phone yesterday, never again", 0],
        ["Haha. Meet at the park, 22m from mine", 1],
        ["Deal. See you", 0],
      ]
        .map(
          ([t, me]) =>
            `<div style="margin:10px 14px;display:flex;justify-content:${me ? "flex-end" : "flex-start"}"><div style="max-width:70%;padding:9px 13px;border-radius:18px;background:${me ? "#0b84ff;color:#fff" : "#e9e9eb"}">${t}</div></div>`,
        )
        .join("")}
      <div style="position:absolute;bottom:30px;left:14px;right:14px;border:1px solid #ccc;border-radius:20px;padding:9px 14px;color:#999">iMessage</div></body></html>`,
  },
  {
    file: "wrong-settings.png",
    width: 390,
    height: 844,
    scale: 3,
    html: `<html><body style="margin:0;font-family:sans-serif;background:#f2f2f7">
      <div style="display:flex;justify-content:space-between;padding:14px 28px;font-weight:600">9:41<span>100%</span></div>
      <div style="font-size:34px;font-weight:700;padding:10px 20px">Settings</div>
      <div style="margin:10px 16px;background:#fff;border-radius:12px">${[
        "Notifications",
        "Sounds & Haptics",
        "Focus",
        "Screen Time",
        "General",
        "Control Centre",
        "Display & Brightness",
        "Battery",
        "Privacy & Security",
      ]
        .map(
          (l) =>
            `<div style="padding:12px 16px;border-bottom:1px solid #ddd;display:flex;justify-content:space-between"><span>${l}</span><span style="color:#aaa">›</span></div>`,
        )
        .join("")}</div></body></html>`,
  },
  {
    file: "wrong-blank.png",
    width: 390,
    height: 844,
    scale: 2,
    html: `<html><body style="margin:0;background:#fafafa"></body></html>`,
  },
];

async function savePng(buffer: Buffer, path: string, blur?: number) {
  // A palette of 64 colours keeps each flat phone screen small without touching the text OCR reads.
  let image = sharp(buffer);
  if (blur) image = image.blur(blur);
  await image.png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 }).toFile(path);
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const expected: Record<string, unknown> = {};
for (const s of screens) {
  const ios = s.platform === "ios";
  const context = await browser.newContext({
    viewport: ios ? { width: 390, height: 844 } : { width: 360, height: 800 },
    deviceScaleFactor: 3,
  });
  const p = await context.newPage();
  await p.setContent(ios ? iosScreen(s) : androidScreen(s));
  await p.evaluate(() => document.fonts.ready);
  await savePng(await p.screenshot(), resolve(out, s.file));
  await context.close();
  expected[s.file] = {
    ok: true,
    minutes: s.minutes,
    period: s.period,
    day: expectedDay(s),
    platform: s.platform,
    topApps: s.apps.slice(0, 5),
    shows: `${s.theme}, ${s.clock} h clock, "${dateLine(s)}", ${duration(s.minutes, s.platform, s.lang)}`,
  };
}
// A screen-time screen too blurred to read: refused rather than guessed.
{
  const s = screens[0]!;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  const p = await context.newPage();
  await p.setContent(iosScreen(s));
  await p.evaluate(() => document.fonts.ready);
  await savePng(await p.screenshot(), resolve(out, "wrong-blurred.png"), 18);
  await context.close();
  expected["wrong-blurred.png"] = { ok: false };
}
for (const w of WRONG) {
  const context = await browser.newContext({
    viewport: { width: w.width, height: w.height },
    deviceScaleFactor: w.scale,
  });
  const p = await context.newPage();
  await p.setContent(w.html);
  await savePng(await p.screenshot(), resolve(out, w.file));
  await context.close();
  expected[w.file] = { ok: false };
}
await browser.close();

const existing = JSON.parse(readFileSync(resolve(out, "expected.json"), { encoding: "utf8", flag: "a+" }) || "{}");
writeFileSync(
  resolve(out, "expected.json"),
  `${JSON.stringify({ today: TODAY, files: { ...expected, ...realOnly(existing.files ?? {}) } }, null, 2)}\n`,
);
console.log(`Rendered ${Object.keys(expected).length} pictures into tests/fixtures/screen-time/`);

/** Entries of real screenshots (SOURCES.md) are written by hand: a new render keeps them. */
function realOnly(files: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith("real-")));
}
