import { Navigate } from "react-router";
import { paths } from "#shared/paths.ts";

export default function LoginAlias() {
  return <Navigate to={paths.login} replace />;
}
