import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Evening, PhoneDownAnswer, PhoneDownLink } from "#shared/evening/contracts.ts";
import { eveningMessages } from "#shared/evening/rules.ts";

/** GET /api/evening: his phone-down time, the suggestion from his quiz, and where tonight stands. */
export function eveningQuery() {
  return queryOptions({
    queryKey: ["evening"],
    queryFn: async (): Promise<Evening> => unwrap(api.evening.$get(), eveningMessages.loadFailed),
  });
}

/** GET /api/evening/phone-down/link: which evening a nudge's link is for; changes nothing. */
export function phoneDownLinkQuery(token: string) {
  return queryOptions({
    queryKey: ["evening", "link", token],
    queryFn: async (): Promise<PhoneDownLink> =>
      unwrap(api.evening["phone-down"].link.$get({ query: { token } }), eveningMessages.linkInvalid),
    retry: false,
  });
}

/** POST /api/evening/phone-down/link: the page's one button. */
export function answerByLink(token: string): Promise<PhoneDownAnswer> {
  return unwrap(api.evening["phone-down"].link.$post({ query: { token } }), eveningMessages.answerFailed);
}
