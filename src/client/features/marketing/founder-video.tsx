import { config } from "../../lib/config.ts";

/**
 * PRODUCT.md "Static media": the founder's video from FOUNDER_VIDEO_URL. The player loads
 * nothing until pressed and never plays on its own; without a URL a designed poster with the
 * founder's note stands in, so there is never a broken player.
 */
export function FounderVideo() {
  const src = config.founderVideoUrl;
  return (
    <figure className="overflow-hidden rounded-3xl border border-line bg-surface">
      <div className="relative aspect-video w-full">
        {src ? (
          // biome-ignore lint/a11y/useMediaCaption: the founder's message is also written out below the player.
          <video
            className="absolute inset-0 size-full bg-ink object-cover"
            src={src}
            poster="/founder-poster.svg"
            controls
            preload="none"
            playsInline
            aria-label="A message from the founder"
          />
        ) : (
          <div className="absolute inset-0 flex items-end bg-[url(/founder-poster.svg)] bg-cover bg-center p-5 sm:p-7">
            <p className="font-display text-2xl uppercase leading-none text-text sm:text-4xl">
              The founder's message
              <span className="mt-2 block font-sans text-sm font-semibold normal-case tracking-normal text-muted">
                Video coming soon — the short version is below.
              </span>
            </p>
          </div>
        )}
      </div>
      <figcaption className="border-t border-line p-5 sm:p-7">
        <p className="text-xs font-bold uppercase tracking-[0.2em] text-volt">Why we start with a run</p>
        <p className="mt-3 text-base leading-7 text-text/90 sm:text-lg sm:leading-8">
          An hour of scrolling leaves nothing behind. An hour of running alone — no music, no messages — leaves you with
          your own thoughts, and with proof that you can do something hard when nobody is watching. That proof is where
          your mission starts.
        </p>
      </figcaption>
    </figure>
  );
}
