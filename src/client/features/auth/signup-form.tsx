import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify/unstyled";
import { TextField } from "#client/components/text-field.tsx";
import { signupFormSchema } from "#shared/account/contracts.ts";
import { authMessages, FIRST_NAME_MAX_LENGTH, MINIMUM_AGE } from "#shared/account/rules.ts";
import { paths } from "#shared/paths.ts";
import { signUp } from "./api/auth.ts";
import { FormMessage } from "./auth-shell.tsx";

const duplicateHints = ["already registered", "user already exists", "email already in use"];

/** Auth screens use react-toastify's default 5 s (SPEC.md section 9). */
const AUTH_TOAST_MS = 5000;

export function SignupForm() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { firstName: "", email: "", password: "", acceptTerms: false },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const { email } = values;
    const result = await signUp({ ...values, acceptTerms: true });
    if (result.ok) {
      toast.success(authMessages.signupSuccess, { autoClose: AUTH_TOAST_MS });
      navigate(paths.login, { state: { email, signedUp: true } });
      return;
    }
    const message = result.message ?? "";
    if (duplicateHints.some((hint) => message.toLowerCase().includes(hint))) {
      setError("email", { message: authMessages.emailAlreadyRegistered });
      toast.error(authMessages.emailAlreadyRegistered, { autoClose: AUTH_TOAST_MS });
      return;
    }
    setFormError(message || authMessages.signupFailed);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign up">
      <TextField
        label="First Name"
        autoComplete="given-name"
        maxLength={FIRST_NAME_MAX_LENGTH}
        error={errors.firstName?.message}
        {...register("firstName")}
      />
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
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <p className="-mt-3 text-xs text-muted">At least 6 characters, with a letter and a number.</p>

      <div>
        <label className="flex cursor-pointer items-start gap-3 text-sm leading-relaxed text-muted">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-[var(--color-volt)]"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? "accept-terms-error" : undefined}
            {...register("acceptTerms")}
          />
          <span>
            {`I am ${MINIMUM_AGE} or older and accept the`}{" "}
            <Link
              to={paths.termsOfService}
              target="_blank"
              className="font-semibold text-text underline underline-offset-2"
            >
              Terms of Service
            </Link>{" "}
            and the{" "}
            <Link
              to={paths.privacyPolicy}
              target="_blank"
              className="font-semibold text-text underline underline-offset-2"
            >
              Privacy Policy
            </Link>
            .
          </span>
        </label>
        {errors.acceptTerms ? (
          <p id="accept-terms-error" role="alert" className="mt-1.5 text-sm text-danger">
            {errors.acceptTerms.message}
          </p>
        ) : null}
      </div>

      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}

      <button
        type="submit"
        className="btn-primary w-full px-4 text-[0.9375rem] tracking-wide sm:px-7 sm:text-base sm:tracking-wider"
        disabled={isSubmitting}
      >
        {isSubmitting ? "Creating your account..." : "Create a free account"}
      </button>
      <p className="text-center text-sm text-muted">
        Already have an account?{" "}
        <Link to={paths.login} className="font-semibold text-volt underline-offset-2 hover:underline">
          Login here
        </Link>
      </p>
    </form>
  );
}
