import { useForm } from "react-hook-form";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { TextField } from "#client/components/text-field.tsx";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { Me, UpdateProfileRequest } from "#shared/account/contracts.ts";
import { FIRST_NAME_MAX_LENGTH } from "#shared/account/rules.ts";
import { useUpdateProfile } from "./api/update-profile.ts";

const resolver = lazyZodResolver<UpdateProfileRequest>(() =>
  import("#shared/account/contracts.ts").then((contracts) => contracts.updateProfileSchema),
);

/** Changes the first name with the sign-up rules (SPEC.md section 5: required, trimmed). */
export function FirstNameForm({ firstName, onSaved }: { firstName: string; onSaved: (me: Me) => void }) {
  const update = useUpdateProfile(onSaved);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UpdateProfileRequest>({
    resolver,
    defaultValues: { firstName },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const me = await update.mutateAsync(values);
      reset({ firstName: me.user?.firstName ?? values.firstName });
      toast.success("Your name is saved.");
    } catch {
      // Shown below from the mutation's error.
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} aria-label="Your name" className="space-y-4">
      <TextField
        label="First Name"
        autoComplete="given-name"
        maxLength={FIRST_NAME_MAX_LENGTH}
        error={errors.firstName?.message}
        {...register("firstName")}
      />
      <ErrorBox message={update.error?.message} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save name"}
      </button>
    </form>
  );
}
