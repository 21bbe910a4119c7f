import { config } from "#client/lib/config.ts";

const NOTE =
  "An hour of scrolling leaves nothing behind. An hour of running alone — no music, no messages — leaves you with your own thoughts, and with proof that you can do something hard when nobody is watching. That proof is where your mission starts.";

/**
 * PRODUCT.md "Static media": the founder's video from FOUNDER_VIDEO_URL. The player loads nothing until pressed and
 * never plays on its own. Without a URL the founder's note is the message itself, written on the poster: no empty
 * frame promising a video "coming soon" high on the page (issue 53 row 8).
 */
export function FounderVideo() {
  const src = config.founderVideoUrl;
  if (!src) {
    return (
      <figure className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface p-5 sm:p-7">
        <PosterArt />
        <p className="relative font-display text-2xl uppercase leading-none text-text sm:text-4xl">
          The founder's message
        </p>
        <figcaption className="relative mt-4">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-volt">Why we start with a run</p>
          <p className="mt-3 text-base leading-7 text-text/90 sm:text-lg sm:leading-8">{NOTE}</p>
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className="overflow-hidden rounded-3xl border border-line bg-surface">
      <div className="relative aspect-video w-full">
        {/* biome-ignore lint/a11y/useMediaCaption: the founder's message is also written out below the player. */}
        <video
          className="absolute inset-0 size-full bg-ink object-cover"
          src={src}
          poster="/founder-poster.svg"
          controls
          preload="none"
          playsInline
          aria-label="A message from the founder"
        />
      </div>
      <figcaption className="border-t border-line p-5 sm:p-7">
        <p className="text-xs font-bold uppercase tracking-[0.2em] text-volt">Why we start with a run</p>
        <p className="mt-3 text-base leading-7 text-text/90 sm:text-lg sm:leading-8">{NOTE}</p>
      </figcaption>
    </figure>
  );
}

/** The poster drawn inline: no extra request, and nothing for the browser to wait for. */
function PosterArt() {
  return (
    <svg
      aria-hidden="true"
      className="absolute inset-0 -z-0 size-full"
      viewBox="0 0 1280 720"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <radialGradient id="poster-glow" cx="78%" cy="18%" r="70%">
          <stop offset="0" stopColor="#c8ff2e" stopOpacity=".28" />
          <stop offset=".55" stopColor="#c8ff2e" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="poster-fade" x1="0" y1="0" x2="0" y2="1">
          <stop offset=".35" stopColor="#0a0a0b" stopOpacity="0" />
          <stop offset="1" stopColor="#0a0a0b" stopOpacity=".92" />
        </linearGradient>
      </defs>
      <rect width="1280" height="720" fill="#131316" />
      <rect width="1280" height="720" fill="url(#poster-glow)" />
      <g fill="none" stroke="#f4f4f5" strokeOpacity=".09" strokeWidth="3">
        <path d="M-80 760 C 300 520, 620 430, 1360 380" />
        <path d="M-80 820 C 320 580, 660 500, 1360 470" />
        <path d="M-80 880 C 340 640, 700 570, 1360 560" />
        <path d="M-80 940 C 360 700, 740 640, 1360 650" />
      </g>
      <path
        d="M-80 850 C 330 610, 680 535, 1360 515"
        fill="none"
        stroke="#c8ff2e"
        strokeWidth="6"
        strokeLinecap="round"
        strokeDasharray="2 26"
        opacity=".75"
      />
      <rect width="1280" height="720" fill="url(#poster-fade)" />
    </svg>
  );
}
