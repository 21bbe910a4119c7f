import { onlineManager, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { ProgressBar } from "#client/components/progress-bar.tsx";
import { ApiError } from "#client/lib/api.ts";
import { formatMinutes } from "#shared/minutes.ts";
import type { CheckInRequest } from "#shared/screen-time/contracts.ts";
import {
  CHECK_IN_DAYS_BACK,
  MINUTES_PER_DAY,
  type ScreenTimePeriod,
  type ScreenTimeSource,
  screenTimeMessages,
  type TopApp,
} from "#shared/screen-time/rules.ts";
import { addDays } from "#shared/time.ts";
import { screenTimeQuery, useSaveCheckIn } from "./api/screen-time.ts";
import { dayLabel } from "./day-label.ts";
import type { ScreenTimeReading } from "./reading/parse-reading.ts";

/** What he is about to save: read from his screenshot or typed, and his to correct either way. */
type Draft = {
  hours: string;
  minutes: string;
  day: string;
  period: ScreenTimePeriod;
  source: ScreenTimeSource;
  topApps: TopApp[];
  keepApps: boolean;
};

function draftOf(reading: Extract<ScreenTimeReading, { ok: true }> | null, today: string): Draft {
  const total = reading?.minutes ?? null;
  return {
    hours: total === null ? "" : String(Math.floor(total / 60)),
    minutes: total === null ? "" : String(total % 60),
    day: reading?.day && reading.day <= today ? reading.day : today,
    period: reading?.period ?? "day",
    source: reading ? "screenshot" : "typed",
    topApps: reading?.topApps ?? [],
    keepApps: false,
  };
}

/** The minutes a day of the draft, or the message that says what is wrong with it. */
function minutesOf(draft: Draft): number | string {
  const hours = draft.hours.trim() === "" ? 0 : Number(draft.hours);
  const minutes = draft.minutes.trim() === "" ? 0 : Number(draft.minutes);
  if (draft.hours.trim() === "" && draft.minutes.trim() === "") return screenTimeMessages.noMinutes;
  if (![hours, minutes].every((n) => Number.isInteger(n) && n >= 0)) return screenTimeMessages.noMinutes;
  const total = hours * 60 + minutes;
  return total > MINUTES_PER_DAY ? screenTimeMessages.overADay : total;
}

/**
 * A screen-time check-in (issue 55): a screenshot of his phone's own Screen Time or Digital Wellbeing screen, read on
 * his phone (the picture is never sent), or the hours typed. He sees what was read beside the picture and confirms or
 * corrects it before anything is saved; a day already checked in is replaced only when he says so.
 */
export function CheckInForm({ today, onDone }: { today: string; onDone: (saved: boolean) => void }) {
  const overview = useQuery(screenTimeQuery());
  const [picture, setPicture] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [askReplace, setAskReplace] = useState(false);
  const reading = useRef<AbortController | null>(null);
  const save = useSaveCheckIn(draft?.day ?? today);
  const fileId = useId();

  useEffect(() => () => reading.current?.abort(), []);
  useEffect(() => () => (picture ? URL.revokeObjectURL(picture) : undefined), [picture]);

  async function read(file: File) {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    setPicture(URL.createObjectURL(file));
    setReadError(null);
    setDraft(null);
    setProgress(0);
    try {
      // The reader and its language data load only now, on this screen.
      const { readScreenTime } = await import("./reading/read-screenshot.ts");
      const result = await readScreenTime(file, { today, onProgress: setProgress, signal: controller.signal });
      if (controller.signal.aborted) return;
      if (!result.ok) {
        setReadError(result.reason === "no-total" ? screenTimeMessages.noTotal : screenTimeMessages.notScreenTime);
        return;
      }
      setDraft(draftOf(result, today));
    } catch {
      if (!controller.signal.aborted) setReadError(screenTimeMessages.readFailed);
    } finally {
      if (reading.current === controller) setProgress(null);
    }
  }

  function typeInstead() {
    reading.current?.abort();
    setPicture(null);
    setReadError(null);
    setDraft(draftOf(null, today));
  }

  function submit(replace: boolean) {
    if (!draft) return;
    const minutes = minutesOf(draft);
    if (typeof minutes === "string") {
      setError(minutes);
      return;
    }
    const taken = overview.data?.days.some((d) => d.day === draft.day);
    if (taken && !replace) {
      setAskReplace(true);
      return;
    }
    setError(null);
    setAskReplace(false);
    const body: CheckInRequest = {
      minutes,
      period: draft.period,
      source: draft.source,
      ...(draft.keepApps && draft.topApps.length > 0 ? { topApps: draft.topApps } : {}),
      ...(replace || taken ? { replace: true } : {}),
    };
    if (!onlineManager.isOnline()) {
      // Kept on his phone and sent when the server can be reached (offline-changes.ts).
      save.mutate(body);
      toast.info("Saved on this phone. It is sent when you are back online.");
      onDone(true);
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast.success(screenTimeMessages.saved);
        onDone(true);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 409) setAskReplace(true);
        else setError(failure.message);
      },
    });
  }

  const existing = draft ? overview.data?.days.find((d) => d.day === draft.day) : undefined;
  const update = (change: Partial<Draft>) => {
    setError(null);
    setAskReplace(false);
    setDraft((d) => (d ? { ...d, ...change } : d));
  };

  return (
    <div className="space-y-5">
      {!draft && progress === null ? (
        <>
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor={fileId} className="btn-primary cursor-pointer">
              Upload a screenshot
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/*"
              className="sr-only"
              data-testid="screenshot-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void read(file);
              }}
            />
            <button type="button" className="btn-secondary" onClick={typeInstead}>
              Type the hours
            </button>
          </div>
          <p className="text-sm text-muted">
            The screenshot is read on your phone and never leaves it. Only the numbers you confirm are saved.
          </p>
          <WhereToFindIt />
          <ErrorBox message={readError} />
        </>
      ) : null}

      {progress !== null ? (
        <div className="space-y-3">
          {picture ? <Thumbnail src={picture} /> : null}
          <ProgressBar value={Math.round(progress * 100)} label="Reading your screenshot on this phone" />
          <button type="button" className="btn-secondary" onClick={typeInstead}>
            Type the hours instead
          </button>
        </div>
      ) : null}

      {draft ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit(false);
          }}
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            {picture ? <Thumbnail src={picture} /> : null}
            <fieldset className="min-w-0 flex-1 space-y-4">
              <legend className="text-sm font-semibold">
                {draft.source === "screenshot" ? "What we read. Correct anything that is off." : "Your screen time"}
              </legend>
              <div className="flex gap-3">
                <NumberField label="Hours" value={draft.hours} max={24} onChange={(hours) => update({ hours })} />
                <NumberField
                  label="Minutes"
                  value={draft.minutes}
                  max={59}
                  onChange={(minutes) => update({ minutes })}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <label className="block text-sm font-semibold">
                  <span className="mb-1.5 block">Day</span>
                  <input
                    type="date"
                    className="field"
                    value={draft.day}
                    min={addDays(today, -CHECK_IN_DAYS_BACK)}
                    max={today}
                    onChange={(event) => event.target.value && update({ day: event.target.value })}
                  />
                </label>
                <label className="block text-sm font-semibold">
                  <span className="mb-1.5 block">This figure is</span>
                  <select
                    className="field"
                    value={draft.period}
                    onChange={(event) => update({ period: event.target.value as ScreenTimePeriod })}
                  >
                    <option value="day">That day's total</option>
                    <option value="week">A week's daily average</option>
                  </select>
                </label>
              </div>
              {draft.topApps.length > 0 ? (
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1 size-4 accent-volt"
                    checked={draft.keepApps}
                    onChange={(event) => update({ keepApps: event.target.checked })}
                  />
                  <span>
                    Keep my top apps:{" "}
                    <span className="text-muted">
                      {draft.topApps.map((app) => `${app.name} ${formatMinutes(app.minutes)}`).join(", ")}
                    </span>
                  </span>
                </label>
              ) : null}
            </fieldset>
          </div>
          <ErrorBox message={error} />
          {askReplace && existing ? (
            <div role="alert" className="rounded-xl border border-volt/40 bg-volt/5 p-4 text-sm">
              <p>
                You already checked in {formatMinutes(existing.minutes)} for {dayLabel(existing.day, today)}. Replace it
                with {formatMinutes(Number(minutesOf(draft)))}?
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <button type="button" className="btn-primary" onClick={() => submit(true)} disabled={save.isPending}>
                  Replace it
                </button>
                <button type="button" className="btn-secondary" onClick={() => setAskReplace(false)}>
                  Keep the first
                </button>
              </div>
            </div>
          ) : askReplace ? (
            <ErrorBox message={screenTimeMessages.dayTaken} />
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={save.isPending || askReplace}>
              {save.isPending ? "Saving..." : "Save check-in"}
            </button>
            <button type="button" className="btn-secondary" onClick={() => onDone(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function Thumbnail({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt="Your screenshot, on this phone only"
      className="max-h-64 w-auto max-w-[45%] self-start rounded-xl border border-line object-contain sm:max-h-80 sm:max-w-[40%]"
    />
  );
}

function NumberField({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block w-28 text-sm font-semibold">
      <span className="mb-1.5 block">{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        className="field"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** Where his phone keeps the number: the two paths, in the words his phone uses. */
function WhereToFindIt() {
  return (
    <details className="rounded-xl border border-line bg-surface-2/40 p-4 text-sm">
      <summary className="cursor-pointer font-semibold">Where do I find it?</summary>
      <ul className="mt-3 space-y-2 text-muted">
        <li>
          <span className="font-semibold text-text">iPhone:</span> Settings → Screen Time → See All Activity. Take a
          screenshot of the day or the week.
        </li>
        <li>
          <span className="font-semibold text-text">Android:</span> Settings → Digital Wellbeing &amp; parental
          controls. Take a screenshot of the dashboard.
        </li>
      </ul>
    </details>
  );
}
