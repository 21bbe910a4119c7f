import type { UseMutationResult } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { lazyModule } from "#client/lib/lazy-module.ts";
import { CHEER_MAX_LENGTH, partnerMessages } from "#shared/partners/rules.ts";
import { useSendCheer } from "./api/partner-view.ts";

/** The cheer's rules are the server's schema, loaded when he starts writing rather than with the page (decision 0141). */
const contracts = lazyModule(() => import("#shared/partners/contracts.ts"));

/** Announced to screen readers only near the end, not on every keystroke. */
const ANNOUNCE_WHEN_LEFT = 20;

function characters(count: number) {
  return count === 1 ? "1 character" : `${count} characters`;
}

function cheersLeftText(left: number) {
  return left === 1 ? "1 cheer left today." : `${left} cheers left today.`;
}

/** What sends the cheer: the partner page's link, or an e-mail's signed cheer link (decision 0125). */
type CheerSend = Pick<
  UseMutationResult<{ cheersLeftToday: number }, Error, string>,
  "mutateAsync" | "reset" | "error" | "isPending"
>;

/**
 * One short line for him, on his dashboard: the shared schema checks it here with the server's messages, a counter
 * shows the room left, and after sending it says so and how many cheers are left today.
 */
export function CheerForm({
  token,
  firstName,
  cheersLeftToday,
}: {
  token: string;
  firstName: string;
  cheersLeftToday: number;
}) {
  const send = useSendCheer(token);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="card mt-6 border-volt/30">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        Send {firstName} a cheer
      </h2>
      <CheerFields send={send} firstName={firstName} cheersLeftToday={cheersLeftToday} />
    </section>
  );
}

/**
 * The form itself, for a page that has its own heading. `initialText`: a suggestion already in the field, so one tap
 * sends it (the e-mail's cheer page); he may change it first.
 */
export function CheerFields({
  send,
  firstName,
  cheersLeftToday,
  initialText = "",
}: {
  send: CheerSend;
  firstName: string;
  cheersLeftToday: number;
  initialText?: string;
}) {
  const [text, setText] = useState(initialText);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const length = text.length;
  const left = CHEER_MAX_LENGTH - length;
  const error = invalid ?? send.error?.message ?? null;

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    const checked = await contracts.load().then(
      ({ cheerSchema }) => cheerSchema.safeParse({ text }),
      // Without the rules (offline, or a deploy replaced the file) it goes as typed: the server checks it the same way.
      () => ({ success: true as const, data: { text } }),
    );
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? partnerMessages.cheerRequired);
      field.current?.focus();
      return;
    }
    setInvalid(null);
    try {
      await send.mutateAsync(checked.data.text);
      setText("");
      setSent(true);
    } catch {
      // Shown under the field; what he wrote stays.
    }
  }

  function writeAnother() {
    send.reset();
    flushSync(() => setSent(false));
    field.current?.focus();
  }

  return (
    <>
      {sent ? (
        <div role="status" className="mt-3">
          <p className="font-semibold text-success">
            <span aria-hidden="true">✓ </span>Sent! {firstName} will see it on his dashboard.
          </p>
          <p className="mt-1 text-sm text-muted">
            {cheersLeftToday > 0 ? cheersLeftText(cheersLeftToday) : partnerMessages.cheerLimit}
          </p>
          {cheersLeftToday > 0 ? (
            <button type="button" className="btn-secondary mt-4 w-full sm:w-auto" onClick={writeAnother}>
              Write another
            </button>
          ) : null}
        </div>
      ) : cheersLeftToday <= 0 ? (
        <p className="mt-2 text-muted" role="status">
          {partnerMessages.cheerLimit}
        </p>
      ) : (
        <form noValidate onSubmit={submit} onFocus={contracts.preload} className="mt-2">
          <p className="text-sm text-muted">One short line. It shows on his dashboard with your first name.</p>
          <label htmlFor={`${id}-text`} className="mt-4 mb-1.5 block text-sm font-semibold">
            Your cheer for {firstName}
          </label>
          <textarea
            ref={field}
            id={`${id}-text`}
            rows={3}
            value={text}
            // One line: a pasted line break becomes a space, and Enter sends.
            onChange={(event) => {
              setText(event.target.value.replace(/\r\n|\r|\n/g, " "));
              if (invalid) setInvalid(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
            className={`field resize-none ${error || left < 0 ? "border-danger focus:border-danger" : ""}`}
            placeholder={`Keep going, ${firstName}!`}
          />
          <div className="mt-1.5 flex items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-danger">
                  {error}
                </p>
              ) : null}
            </div>
            <p
              id={`${id}-count`}
              className={`shrink-0 text-sm tabular-nums ${left < 0 ? "font-semibold text-danger" : "text-muted"}`}
            >
              <span aria-hidden="true">
                {length}/{CHEER_MAX_LENGTH}
              </span>
              <span className="sr-only">Up to {CHEER_MAX_LENGTH} characters.</span>
            </p>
          </div>
          <p className="sr-only" aria-live="polite">
            {left <= ANNOUNCE_WHEN_LEFT
              ? left < 0
                ? `${characters(-left)} too many.`
                : `${characters(left)} left.`
              : ""}
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send cheer"}
            </button>
            <p className="text-center text-sm text-muted sm:text-left">{cheersLeftText(cheersLeftToday)}</p>
          </div>
        </form>
      )}
    </>
  );
}
