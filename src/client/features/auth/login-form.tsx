import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { TextField } from "#client/components/text-field.tsx";
import { fetchSession, signedInHome } from "#client/lib/session.ts";
import { loginFormSchema } from "#shared/account/contracts.ts";
import { authMessages, authTimings, isValidEmail } from "#shared/account/rules.ts";
import { paths } from "#shared/paths.ts";
import { requestPasswordReset, signIn } from "./api/auth.ts";
import { FormMessage } from "./auth-shell.tsx";
import { CheckInbox } from "./check-inbox.tsx";

type Notice = { tone: "error" | "success"; text: string };

/**
 * After login the browser loads the target page afresh: the sign-in screens redirect a
 * signed-in visitor to /dashboard on their own, which would race a client-side jump to
 * /ChallengeAccepted; a fresh load also starts the user's session with an empty cache.
 */
async function goAfterLogin() {
  let target: string = paths.landing;
  try {
    const session = await fetchSession();
    if (session.user) target = signedInHome(session.onboarding);
  } catch {
    // "/" sends a signed-in visitor on to the right place by itself.
  }
  await new Promise((resolve) => setTimeout(resolve, authTimings.loginRedirectMs));
  window.location.replace(target);
}

export function LoginForm() {
  const location = useLocation();
  const state = location.state as { email?: string; signedUp?: boolean } | null;
  const initialEmail = state?.email ?? "";
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [resetNotice, setResetNotice] = useState<Notice | null>(null);
  const [resetPending, setResetPending] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: initialEmail, password: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signIn(values);
    if (!result.ok) {
      setFormError(result.message ?? authMessages.loginFailed);
      return;
    }
    if (!result.data?.user) {
      setFormError(authMessages.loginWithoutUser);
      return;
    }
    setSuccess(true);
    await goAfterLogin();
  });

  async function onResetRequest() {
    setResetNotice(null);
    const email = getValues("email").trim();
    if (!email) {
      setResetNotice({ tone: "error", text: authMessages.resetEmailMissing });
      return;
    }
    if (!isValidEmail(email)) {
      setError("email", { message: authMessages.invalidEmail });
      return;
    }
    clearErrors("email");
    setResetPending(true);
    const result = await requestPasswordReset(email);
    setResetPending(false);
    setResetNotice(
      result.ok
        ? { tone: "success", text: authMessages.resetLinkSent }
        : { tone: "error", text: authMessages.resetLinkError(result.message ?? "Please try again.") },
    );
  }

  return (
    <>
      {state?.signedUp && initialEmail ? <CheckInbox email={initialEmail} /> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Log in">
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />

        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {success ? <FormMessage tone="success">Logged in. Taking you there...</FormMessage> : null}

        <button type="submit" className="btn-primary w-full" disabled={isSubmitting || success}>
          {isSubmitting || success ? "Signing in..." : "Sign in"}
        </button>

        <div className="space-y-3 border-t border-line pt-5 text-sm">
          <p className="text-muted">
            Forgot your password?{" "}
            <button
              type="button"
              onClick={onResetRequest}
              disabled={resetPending}
              className="font-semibold text-volt underline-offset-2 hover:underline disabled:opacity-50"
            >
              {resetPending ? "Sending..." : "Reset it here"}
            </button>
          </p>
          {resetNotice ? <FormMessage tone={resetNotice.tone}>{resetNotice.text}</FormMessage> : null}
          <p className="text-muted">
            Can't find our email? Check your spam or junk folder: confirmation and reset links sometimes land there.
          </p>
          <p className="text-muted">
            New here?{" "}
            <Link to={paths.signup} className="font-semibold text-volt underline-offset-2 hover:underline">
              Create a free account
            </Link>
          </p>
        </div>
      </form>
    </>
  );
}
