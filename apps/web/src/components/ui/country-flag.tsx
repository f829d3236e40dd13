import type { CountryIso } from '@agro/shared';
import type { ReactNode } from 'react';

/** Points of a regular star, for the small stars of the US, AU and SG flags. */
function star(cx: number, cy: number, outer: number, points = 5): string {
  const inner = outer * 0.4;
  const out: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / points) * i - Math.PI / 2;
    out.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(' ');
}

/** A simplified Union Jack filling the box (0,0)-(w,h); used by GB and by AU's canton. */
function unionJack(w: number, h: number): ReactNode {
  const cross = h / 3;
  return (
    <g>
      <rect width={w} height={h} fill="#012169" />
      <path d={`M0,0L${w},${h}M${w},0L0,${h}`} stroke="#fff" strokeWidth={h / 5} />
      <path d={`M0,0L${w},${h}M${w},0L0,${h}`} stroke="#C8102E" strokeWidth={h / 15} />
      <path d={`M${w / 2},0V${h}M0,${h / 2}H${w}`} stroke="#fff" strokeWidth={cross} />
      <path d={`M${w / 2},0V${h}M0,${h / 2}H${w}`} stroke="#C8102E" strokeWidth={cross * 0.6} />
    </g>
  );
}

/** Every flag is drawn in a 30 x 20 box. */
const FLAGS: Record<CountryIso, ReactNode> = {
  IN: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="6.67" fill="#FF9933" />
      <rect y="13.33" width="30" height="6.67" fill="#138808" />
      <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.6" />
      <circle cx="15" cy="10" r="0.6" fill="#000080" />
      <path d="M15,7.4V12.6M12.4,10H17.6M13.16,8.16L16.84,11.84M16.84,8.16L13.16,11.84" stroke="#000080" strokeWidth="0.25" />
    </>
  ),
  US: (
    <>
      <rect width="30" height="20" fill="#B22234" />
      {[1, 3, 5, 7, 9, 11].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#fff" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3C3B6E" />
      {[0, 1, 2, 3].map((row) =>
        [0, 1, 2, 3, 4].map((col) => (
          <circle key={`${row}-${col}`} cx={1.4 + col * 2.3} cy={1.5 + row * 2.5} r="0.45" fill="#fff" />
        )),
      )}
    </>
  ),
  GB: unionJack(30, 20),
  CA: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#D52B1E" />
      <rect x="22.5" width="7.5" height="20" fill="#D52B1E" />
      <path
        d="M15,4L16,6L17.2,5.4L16.8,8.4L18.4,6.8L18.8,7.8L20.4,7.5L19.9,9.2L20.6,9.6L17.7,11.9L18,12.9H15.4V15H14.6V12.9H12L12.3,11.9L9.4,9.6L10.1,9.2L9.6,7.5L11.2,7.8L11.6,6.8L13.2,8.4L12.8,5.4L14,6Z"
        fill="#D52B1E"
      />
    </>
  ),
  AU: (
    <>
      <rect width="30" height="20" fill="#012169" />
      {/* A nested svg clips the canton's diagonals to its box. */}
      <svg width="15" height="10" viewBox="0 0 30 20">
        {unionJack(30, 20)}
      </svg>
      <polygon points={star(7.5, 15, 2.4, 7)} fill="#fff" />
      <polygon points={star(22.5, 16.5, 1.2, 7)} fill="#fff" />
      <polygon points={star(19, 9, 1.1, 7)} fill="#fff" />
      <polygon points={star(22.5, 4, 1.1, 7)} fill="#fff" />
      <polygon points={star(26, 8, 1.1, 7)} fill="#fff" />
      <polygon points={star(24.2, 11, 0.6)} fill="#fff" />
    </>
  ),
  DE: (
    <>
      <rect width="30" height="6.67" fill="#000" />
      <rect y="6.67" width="30" height="6.67" fill="#DD0000" />
      <rect y="13.33" width="30" height="6.67" fill="#FFCE00" />
    </>
  ),
  FR: (
    <>
      <rect width="10" height="20" fill="#0055A4" />
      <rect x="10" width="10" height="20" fill="#fff" />
      <rect x="20" width="10" height="20" fill="#EF4135" />
    </>
  ),
  AE: (
    <>
      <rect width="30" height="6.67" fill="#00732F" />
      <rect y="6.67" width="30" height="6.67" fill="#fff" />
      <rect y="13.33" width="30" height="6.67" fill="#000" />
      <rect width="7.5" height="20" fill="#FF0000" />
    </>
  ),
  SG: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="10" fill="#EF3340" />
      <circle cx="7" cy="5" r="3.4" fill="#fff" />
      <circle cx="8.4" cy="5" r="3.2" fill="#EF3340" />
      {[
        [10.5, 2.6],
        [12.6, 4.1],
        [11.8, 6.6],
        [9.2, 6.6],
        [8.4, 4.1],
      ].map(([x, y]) => (
        <polygon key={`${x}-${y}`} points={star(x ?? 0, y ?? 0, 0.75)} fill="#fff" />
      ))}
    </>
  ),
  JP: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </>
  ),
};

interface CountryFlagProps {
  iso: CountryIso;
  className?: string;
  width?: number;
  height?: number;
}

/** A country flag drawn inline (never loaded from another host). Decorative: the country's name is shown beside it. */
export function CountryFlag({ iso, className, width = 24, height = 16 }: CountryFlagProps) {
  return (
    <svg
      width={width}
      height={height}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      className={className}
      data-flag={iso}
    >
      <g>{FLAGS[iso]}</g>
      <rect width="30" height="20" fill="none" stroke="rgb(0 0 0 / 0.15)" strokeWidth="0.8" />
    </svg>
  );
}
