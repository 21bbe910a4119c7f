import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { TextField } from "#client/components/text-field.tsx";
import { useSignOut } from "#client/lib/sign-out.ts";
import { resetPasswordFormSchema } from "#shared/account/contracts.ts";
import { authMessages, authTimings } from "#shared/account/rules.ts";
import { paths } from "#shared/paths.ts";
import { resetPassword } from "./api/auth.ts";
import { FormMessage } from "./auth-shell.tsx";

/** The link's token arrives in the query (our e-mail) or, from older links, in the fragment. */
function readLink(search: string, hash: string) {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  return {
    token: query.get("token") ?? fragment.get("token") ?? fragment.get("access_token"),
    error: query.get("error") ?? fragment.get("error"),
  };
}

export function ResetPasswordForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const link = useMemo(() => readLink(location.search, location.hash), [location.search, location.hash]);
  const [linkProblem, setLinkProblem] = useState<string | null>(
    link.error ? authMessages.resetInvalidLink : link.token ? null : authMessages.resetTokenMissing,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirm: "" },
    reValidateMode: "onChange",
  });

  useEffect(() => {
    if (!done) return;
    // The success message says 'Redirecting to login...': that is where he goes, to log in with the new password
    // (SPEC's '/' would contradict its own message; decision 0059).
    const timer = setTimeout(async () => {
      await signOut();
      navigate(paths.login, { replace: true });
    }, authTimings.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, signOut, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await resetPassword({ token: link.token ?? "", newPassword: values.password });
    if (result.ok) {
      setDone(true);
      return;
    }
    if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND") {
      setLinkProblem(authMessages.resetInvalidLink);
      return;
    }
    setFormError(authMessages.resetFailed(result.message ?? "Please try again."));
  });

  const home = (
    <Link to={paths.landing} className="btn-secondary w-full">
      Go to Home
    </Link>
  );

  if (linkProblem) {
    return (
      <div className="space-y-5">
        <FormMessage tone="error">{linkProblem}</FormMessage>
        <p className="text-sm text-muted">
          Reset links work once and for one hour. On the login screen, enter your email and choose 'Reset it here' to
          get a new one.
        </p>
        <Link to={paths.login} className="btn-primary w-full">
          Request a new link
        </Link>
        {home}
      </div>
    );
  }

  if (done) {
    return <FormMessage tone="success">{authMessages.resetSuccess}</FormMessage>;
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Reset password">
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register("confirm")}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? "Updating..." : "Update Password"}
      </button>
      {home}
    </form>
  );
}
