import { toast } from "react-toastify/unstyled";
import { config } from "#client/lib/config.ts";
import { paths } from "#shared/paths.ts";

function shareText(todayMinutes: number | null) {
  const run = todayMinutes ? `${todayMinutes} minutes` : "longer than ever";
  return `I just ran ${run} — alone, no music, phone in airplane mode. First ${config.appName} challenge complete. Your turn:`;
}

/**
 * PRODUCT.md: the Web Share API where the browser has it, else the text goes to the clipboard
 * and a toast says so. A user who closes the share sheet has not hit an error.
 */
export async function shareRun(todayMinutes: number | null) {
  const text = shareText(todayMinutes);
  const url = `${window.location.origin}${paths.challengePage}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: `${config.appName} challenge`, text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(`${text} ${url}`);
    toast.success("Share text copied to your clipboard.");
  } catch {
    toast.info(`Copy this and share it: ${text} ${url}`);
  }
}
