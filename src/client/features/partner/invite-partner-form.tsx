import { useForm } from "react-hook-form";
import { toast } from "react-toastify/unstyled";
import { ErrorBox } from "#client/components/error-box.tsx";
import { TextField } from "#client/components/text-field.tsx";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { InvitePartner } from "#shared/partners/contracts.ts";
import { PARTNER_NAME_MAX_LENGTH, partnerMessages } from "#shared/partners/rules.ts";
import { useInvitePartner } from "./api/partners.ts";
import { UpgradeLine } from "./upgrade-line.tsx";

const resolver = lazyZodResolver<InvitePartner>(() =>
  import("#shared/partners/contracts.ts").then((contracts) => contracts.invitePartnerSchema),
);

/**
 * First name and address of the person he chooses, checked here with the server's own schema and messages; the
 * server's refusals (his own address, already invited, a limit) show under the form.
 */
export function InvitePartnerForm({ onInvited }: { onInvited?: () => void }) {
  const invite = useInvitePartner();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InvitePartner, unknown, InvitePartner>({
    resolver,
    defaultValues: { firstName: "", email: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      reset();
      toast.success(`Invitation sent to ${values.firstName}.`);
      onInvited?.();
    } catch {
      // Shown below from the mutation's error; what he typed stays for another try.
    }
  });

  const error = invite.error?.message;
  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} aria-label="Invite a partner" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Partner's first name"
          autoComplete="off"
          maxLength={PARTNER_NAME_MAX_LENGTH}
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Partner's email"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register("email")}
        />
      </div>
      {error === partnerMessages.freeLimit ? <UpgradeLine alert /> : <ErrorBox message={error} />}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={invite.isPending}>
        {invite.isPending ? "Sending..." : "Send invitation"}
      </button>
    </form>
  );
}
