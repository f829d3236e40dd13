interface ProgressBarProps {
  /** 0..1 */
  value: number;
  label: string;
}

/** An upload progress bar (role=progressbar with its percentage). */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm text-gray-700">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
