export interface ProgressBarProps {
  /** Done so far, 0 to 1. */
  value: number;
  /** Accessible name, e.g. 'Upload progress'. */
  label: string;
}

/** A thin progress bar (e.g. an upload), exposed as an ARIA progressbar with a percentage. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <span
      className="mt-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="mt-progress__bar" style={{ width: `${percent}%` }} />
    </span>
  );
}
