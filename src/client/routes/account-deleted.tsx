import { AccountDeleted } from "../features/account/account-deleted.tsx";
import { config } from "../lib/config.ts";

export function meta() {
  return [{ title: `Account deleted — ${config.appName}` }, { name: "robots", content: "noindex" }];
}

/** The signed-out landing after an account deletion (decision 0071). */
export default function AccountDeletedRoute() {
  return <AccountDeleted />;
}
