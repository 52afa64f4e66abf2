/**
 * Flat garment drawings for the home page's inline illustrations (hero and deals). Each is
 * drawn in a 200 × 240 box; place it with `transform`.
 */
interface GarmentProps {
  fill: string;
  line: string;
  transform?: string;
}

/** A button-down shirt with a chest pocket. */
export function ShirtShape({ fill, line, transform }: GarmentProps) {
  return (
    <g transform={transform}>
      <path
        d="M62 38 86 28c4 10 24 10 28 0l24 10 34 30-16 26-14-9v113H58V85l-14 9-16-26 34-30Z"
        fill={fill}
        stroke={line}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M86 28 100 52 114 28" fill="none" stroke={line} strokeWidth="2" strokeLinejoin="round" />
      <path d="M100 52v154" stroke={line} strokeWidth="1.5" opacity=".6" />
      {[74, 100, 126, 152, 178].map((cy) => (
        <circle key={cy} cx="104" cy={cy} r="2.4" fill={line} opacity=".7" />
      ))}
      <path d="M116 90h20v20h-20z" fill="none" stroke={line} strokeWidth="1.5" opacity=".6" />
    </g>
  );
}

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
