import type { GarmentProps } from './garment.ts';

/** A polo: short sleeves, a soft collar and a two-button placket. */
export function PoloShape({ fill, line, transform }: GarmentProps) {
  return (
    <g transform={transform}>
      <path
        d="M64 34 88 26c3 7 21 7 24 0l24 8 36 30-18 28-16-11v115H62V81l-16 11-18-28 36-30Z"
        fill={fill}
        stroke={line}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M88 26 82 44l18 8 18-8-6-18" fill={fill} stroke={line} strokeWidth="2" strokeLinejoin="round" />
      <path d="M100 52v30" stroke={line} strokeWidth="1.5" opacity=".6" />
      <circle cx="100" cy="62" r="2.4" fill={line} opacity=".7" />
      <circle cx="100" cy="76" r="2.4" fill={line} opacity=".7" />
      <path d="M62 186h76" stroke={line} strokeWidth="1.5" opacity=".35" />
    </g>
  );
}
