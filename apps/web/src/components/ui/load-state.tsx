import { Spinner } from './spinner';

/** A list being fetched: a spinner and what is being loaded, announced politely. */
export function Loading({ label, className = 'mt-4' }: { label: string; className?: string }) {
  return (
    <p className={`${className} flex items-center gap-2 text-sm text-gray-600`} role="status">
      <Spinner /> {label}
    </p>
  );
}

/** A fetch that failed: what could not be loaded and a button that asks again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  className = 'mt-4',
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`${className} flex flex-wrap items-center gap-3`} role="alert">
      <p className="text-sm text-red-700">{message}</p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
