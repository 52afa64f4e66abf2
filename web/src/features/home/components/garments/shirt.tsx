import type { GarmentProps } from './garment.ts';

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
