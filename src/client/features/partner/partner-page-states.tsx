import { ErrorBox } from "#client/components/error-box.tsx";
import { Spinner } from "#client/components/spinner.tsx";

/** The partner's pages while their answer loads. */
export function PartnerPageLoading({ children, className }: { children: React.ReactNode; className: string }) {
  return (
    <p className={`flex items-center justify-center gap-3 text-lg text-muted ${className}`} role="status">
      <Spinner /> {children}
    </p>
  );
}

/** The partner's pages when their answer could not be loaded: what went wrong, and one way to try again. */
export function PartnerPageLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card">
      <p className="eyebrow">Accountability partner</p>
      <ErrorBox message={message} className="mt-4" />
      <button type="button" className="btn-secondary mt-5 w-full sm:w-auto" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
