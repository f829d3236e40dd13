/** Decorative Sahyadri hills (inline SVG, no image request); stretched to the hero's width. */
export function HillsArt({ className = '' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 1440 320" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hill-far" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#166534" />
          <stop offset="1" stopColor="#14532d" />
        </linearGradient>
      </defs>
      <path d="M0 210 150 130l130 70 170-120 190 130 160-90 170 100 170-110 150 90 150-60v200H0z" fill="url(#hill-far)" opacity="0.55" />
      <path d="M0 250 200 180l180 60 220-90 200 110 220-80 200 70 220-60v140H0z" fill="#15803d" opacity="0.45" />
      <path d="M0 290 240 240l260 40 240-50 260 50 240-40 200 30v50H0z" fill="#14532d" />
    </svg>
  );
}

/** The rising sun behind the hills, kept round (not stretched like the hills). */
export function SunArt({ className = '' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <circle cx="100" cy="100" r="95" fill="#fbbf24" opacity="0.25" />
      <circle cx="100" cy="100" r="65" fill="#fbbf24" opacity="0.5" />
    </svg>
  );
}
