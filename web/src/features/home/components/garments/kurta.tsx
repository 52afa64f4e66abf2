import type { GarmentProps } from './garment.ts';

/** A long kurta with a band collar, full sleeves and side slits. */
export function KurtaShape({ fill, line, transform }: GarmentProps) {
  return (
    <g transform={transform}>
      <path
        d="M66 32 88 24c3 5 21 5 24 0l22 8 26 34 10 82-16 4-12-70v148H66V80l-12 70-16-4 10-82 18-32Z"
        fill={fill}
        stroke={line}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M88 24c2-5 22-5 24 0" fill="none" stroke={line} strokeWidth="2" />
      <path d="M100 28v52" stroke={line} strokeWidth="1.5" opacity=".6" />
      {[42, 56, 70].map((cy) => (
        <circle key={cy} cx="100" cy={cy} r="2.4" fill={line} opacity=".8" />
      ))}
      <path d="M66 200v28M134 200v28" stroke={line} strokeWidth="1.5" opacity=".45" />
      <path d="M66 214c22 6 46 6 68 0" fill="none" stroke={line} strokeWidth="1.2" opacity=".35" />
    </g>
  );
}
