import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorBox } from "#client/components/error-box.tsx";
import { Modal } from "#client/components/modal.tsx";
import { TextField } from "#client/components/text-field.tsx";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import { forgetOfflineData } from "#client/lib/offline-cache.ts";
import type { DeleteAccountRequest } from "#shared/account/data-rights.ts";
import { accountDeletedPath } from "#shared/account/rules.ts";
import { useDeleteAccount } from "./api/data-rights.ts";

const dangerOutline =
  "inline-flex min-h-12 cursor-pointer items-center justify-center rounded-full border border-danger px-7 text-center font-bold uppercase tracking-wider text-danger transition hover:bg-danger/10 active:scale-[0.98]";
const dangerButton =
  "inline-flex min-h-12 cursor-pointer items-center justify-center rounded-full bg-danger px-7 text-center font-bold uppercase tracking-wider text-ink transition hover:brightness-110 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-50";

const resolver = lazyZodResolver<DeleteAccountRequest>(() =>
  import("#shared/account/data-rights.ts").then((dataRights) => dataRights.deleteAccountSchema),
);

/** What goes, said before he confirms. */
function WhatHappens({ email }: { email: string }) {
  return (
    <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-text/90">
      <li>
        Everything is deleted at once and for good: your profile, run, quiz answers, mission, challenges, milestones,
        to-dos, token history and waitlist entry. It cannot be undone.
      </li>
      <li>An active premium subscription is cancelled now and never charged again.</li>
      <li>You are signed out on every device.</li>
      <li>We send a confirmation to {email}.</li>
    </ul>
  );
}

/**
 * GDPR Art. 17 at the bottom of the profile page: a clearly dangerous section, then a modal that says what is removed
 * and asks for the password. Once deleted, the browser loads a signed-out page afresh, so nothing of his stays in
 * memory.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount(() => {
    forgetOfflineData();
    window.location.replace(accountDeletedPath);
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeleteAccountRequest>({ resolver, defaultValues: { password: "" } });

  function openDialog() {
    // The password check arrives while he reads what is deleted.
    resolver.preload();
    setOpen(true);
  }

  function close() {
    if (deletion.isPending) return;
    setOpen(false);
    reset();
    deletion.reset();
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await deletion.mutateAsync(values);
    } catch {
      // Shown in the dialog from the mutation's error; the password stays for another try.
    }
  });

  return (
    <section aria-labelledby="delete-heading" className="card mt-10 border-danger/60 bg-danger/5">
      <h2 id="delete-heading" className="text-lg font-bold text-danger">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-muted">
        Removes your account and everything in it, now and for good. Download your data first if you want a copy.
      </p>
      <button type="button" className={`${dangerOutline} mt-5 w-full sm:w-auto`} onClick={openDialog}>
        Delete my account
      </button>

      <Modal open={open} title="Delete your account?" onClose={close}>
        <WhatHappens email={email} />
        <form noValidate onSubmit={onSubmit} aria-label="Delete my account" className="mt-5 space-y-4">
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <ErrorBox message={deletion.error?.message} />
          <div className="flex flex-col-reverse gap-3">
            <button type="button" className="btn-secondary" onClick={close} disabled={deletion.isPending}>
              Keep my account
            </button>
            <button type="submit" className={dangerButton} disabled={deletion.isPending}>
              {deletion.isPending ? "Deleting..." : "Delete for good"}
            </button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
