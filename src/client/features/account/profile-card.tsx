import { format } from "date-fns";

type ProfileUser = { email: string; createdAt: string };

function joined(createdAt: string) {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : format(date, "MMMM d, yyyy");
}

/** SPEC.md section 2's profile card: the e-mail and the joined date, or the state of the session. */
export function ProfileCard({ isPending, user }: { isPending: boolean; user: ProfileUser | null }) {
  if (isPending) {
    return (
      <p className="card text-muted" role="status">
        Loading profile...
      </p>
    );
  }
  if (!user) {
    return (
      <p className="card text-muted" role="status">
        User not logged in
      </p>
    );
  }
  return (
    <dl className="card grid gap-4 sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="text-xs font-bold uppercase tracking-[0.2em] text-muted">Email</dt>
        <dd className="mt-1 break-words font-semibold">{user.email}</dd>
      </div>
      <div>
        <dt className="text-xs font-bold uppercase tracking-[0.2em] text-muted">Joined</dt>
        <dd className="mt-1 font-semibold">
          <time dateTime={user.createdAt}>{joined(user.createdAt)}</time>
        </dd>
      </div>
    </dl>
  );
}
