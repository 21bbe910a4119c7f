import { useLocation, useSearchParams } from "react-router";

/** The response id travels in navigation state and in the URL, so a reload resumes the same run. */
export function useResponseId() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as { responseId?: unknown; quizResponseId?: unknown } | null) ?? null;
  const id = fromState?.responseId ?? fromState?.quizResponseId ?? params.get("responseId");
  return typeof id === "string" && id ? id : null;
}
