import { config } from "#client/lib/config.ts";
import { paths } from "#shared/paths.ts";

export const shareNetworks = ["x", "facebook", "linkedin"] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

/** SPEC.md section 9: the share popup is 600 by 400. */
const SHARE_POPUP = { width: 600, height: 400 } as const;

export const shareLabels: Record<ShareNetwork, string> = {
  x: "X / Twitter",
  facebook: "Facebook",
  linkedin: "LinkedIn",
};

/** The landing page, absolute, as the networks need it. */
function landingUrl() {
  return new URL(paths.landing, window.location.origin).toString();
}

function shareText(position: number) {
  return `I'm #${position} on the ${config.appName} community waitlist. Trading the scroll for real goals — join me:`;
}

/** The network's own share page for the landing page (Facebook and LinkedIn take only the link). */
export function shareUrl(network: ShareNetwork, position: number) {
  const url = encodeURIComponent(landingUrl());
  switch (network) {
    case "x":
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(shareText(position))}&url=${url}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}

/**
 * Opens the share page in a 600 × 400 popup centred over the window. `noopener` keeps the network's page from
 * reaching back into the app; a browser that blocks popups opens nothing, and the link stays on the button.
 */
export function openSharePopup(network: ShareNetwork, position: number) {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  window.open(
    shareUrl(network, position),
    `share-${network}`,
    `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
  );
}
