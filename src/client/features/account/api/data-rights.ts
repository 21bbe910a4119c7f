import { useMutation } from "@tanstack/react-query";
import { ApiError, api, networkErrorMessage, unwrap } from "#client/lib/api.ts";
import type { AccountDeleted, DeleteAccountRequest } from "#shared/account/data-rights.ts";
import { dataExportFileName, dataRightsMessages } from "#shared/account/rules.ts";

/** The name the server gave the file (Content-Disposition), else today's. */
function fileNameOf(contentDisposition: string | null, now = new Date()) {
  const named = contentDisposition?.match(/filename="([^"]+)"/)?.[1];
  return named ?? dataExportFileName(now);
}

/**
 * GET /api/me/data, saved as a file. Fetched rather than followed as a link, so a failure shows its message on the
 * page instead of replacing it; the blob is handed to a download link, which phones save like any other download.
 */
async function downloadMyData() {
  let response: Response;
  try {
    response = await api.me.data.$get();
  } catch {
    throw new ApiError(networkErrorMessage, 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(typeof body?.error === "string" ? body.error : dataRightsMessages.exportFailed, response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers.get("content-disposition"));
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some mobile browsers read the blob after the click returns: give them time before it is freed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** POST /api/me/delete: the account is gone and this browser signed out once it resolves. */
export function useDeleteAccount(onDeleted: (result: AccountDeleted) => void) {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest): Promise<AccountDeleted> =>
      unwrap(api.me.delete.$post({ json: body }), dataRightsMessages.deleteFailed),
    onSuccess: onDeleted,
  });
}
