import { Navigate } from "react-router";

export default function LoginAlias() {
  return <Navigate to="/auth/Login" replace />;
}
