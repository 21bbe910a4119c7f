import { toast } from "react-toastify/unstyled";
import { useLogout } from "../lib/sign-out.ts";

/** Logout everywhere it appears: ends the session, then the login screen; says so when the server is out of reach. */
export function LogoutButton({ className, children }: { className: string; children: React.ReactNode }) {
  const logout = useLogout();
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        if (!(await logout())) toast.error("Could not log out. Check your connection and try again.");
      }}
    >
      {children}
    </button>
  );
}
