import type { ReactNode } from 'react';
import { useId } from 'react';
import type { DealArt } from '../data.ts';
import { KurtaShape } from './garments/kurta.tsx';
import { PoloShape } from './garments/polo.tsx';
import { ShirtShape } from './garments/shirt.tsx';

/** A drawn picture for a deal, 6:5; sized by its container. */
export function DealArtImage({ art, label, className = '' }: { art: DealArt; label: string; className?: string }) {
  const id = useId();
  return (
    <svg
      viewBox="0 0 480 400"
      width={480}
      height={400}
      role="img"
      aria-label={label}
      className={`block h-auto w-full ${className}`}
      preserveAspectRatio="xMidYMid slice"
    >
      {scenes[art](id)}
    </svg>
  );
}

const scenes: Record<DealArt, (id: string) => ReactNode> = {
  spring: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#eef1e1" />
          <stop offset="1" stopColor="#d9dfc1" />
        </linearGradient>
      </defs>
      <rect width="480" height="400" fill={`url(#${id}-sky)`} />
      <circle cx="360" cy="120" r="120" fill="#fff" opacity=".45" />
      <path d="M0 330c80-30 160-30 240-8s160 26 240-6v84H0Z" fill="#6b7041" opacity=".9" />
      <path d="M0 352c90-22 170-18 250 2s150 18 230-4v50H0Z" fill="#565a33" />
      {/* A blossoming branch across the top left. */}
      <path
        d="M-10 60c60 10 110 40 150 86M60 74c4-22 18-40 36-50M110 108c20-10 44-12 66-6"
        fill="none"
        stroke="#6b4630"
        strokeWidth="5"
        strokeLinecap="round"
      />
      {[
        [40, 66],
        [96, 24],
        [132, 140],
        [176, 102],
        [80, 96],
        [150, 118],
      ].map(([x, y]) => (
        <Blossom key={`${x}-${y}`} x={x!} y={y!} />
      ))}
      <ShirtShape fill="#f5f5f2" line="#a79d8c" transform="translate(150 92) rotate(-4 100 110) scale(1.2)" />
      {[
        [60, 250, 20],
        [400, 220, -30],
        [430, 300, 50],
        [300, 60, 15],
      ].map(([x, y, r]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="7" ry="4" fill="#e8a9b8" transform={`rotate(${r} ${x} ${y})`} />
      ))}
    </>
  ),
  summer: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#cfe4f3" />
          <stop offset=".62" stopColor="#f6ead0" />
          <stop offset="1" stopColor="#f1dcb2" />
        </linearGradient>
      </defs>
      <rect width="480" height="400" fill={`url(#${id}-sky)`} />
      <g transform="translate(96 96)">
        {Array.from({ length: 12 }, (_, i) => (
          <path
            key={i}
            d="M0-58v-18"
            stroke="#e2a93b"
            strokeWidth="5"
            strokeLinecap="round"
            transform={`rotate(${i * 30})`}
          />
        ))}
        <circle r="44" fill="#f3c14b" />
      </g>
      <path d="M0 250c40-10 80-10 120 0s80 10 120 0 80-10 120 0 80 10 120 0v50H0Z" fill="#8cb8dc" />
      <path d="M0 272c40-8 80-8 120 0s80 8 120 0 80-8 120 0 80 8 120 0v40H0Z" fill="#5f93c0" opacity=".8" />
      <path d="M0 300h480v100H0Z" fill="#ecd3a2" />
      <path d="M20 340c30-6 70-6 100 0M300 360c40-6 90-6 130 0" stroke="#d9b878" strokeWidth="3" fill="none" />
      <PoloShape fill="#8cb8dc" line="#3f6f99" transform="translate(170 82) rotate(5 100 110) scale(1.18)" />
      <g transform="translate(392 268)">
        <path d="M0 0v-96" stroke="#6b4630" strokeWidth="4" />
        <path d="M-50-96a50 26 0 0 1 100 0Z" fill="#b0532c" />
        <path d="M-50-96a50 26 0 0 1 100 0" fill="none" stroke="#8d3f20" strokeWidth="2" />
        <path d="M-17-96a17 26 0 0 1 34 0Z" fill="#f5f5f2" />
      </g>
    </>
  ),
  holiday: (id) => (
    <>
      <defs>
        <radialGradient id={`${id}-glow`} cx=".5" cy=".45" r=".7">
          <stop offset="0" stopColor="#8a2f3c" />
          <stop offset="1" stopColor="#4a141d" />
        </radialGradient>
      </defs>
      <rect width="480" height="400" fill={`url(#${id}-glow)`} />
      {/* A string of lanterns along the top. */}
      <path d="M-10 30c120 50 380 50 500 0" fill="none" stroke="#c9a441" strokeWidth="2" opacity=".8" />
      {[60, 150, 240, 330, 420].map((x, i) => {
        const y = 30 + Math.sin((x / 480) * Math.PI) * 36;
        return (
          <g key={x} transform={`translate(${x} ${y})`}>
            <path d="M0 0v10" stroke="#c9a441" strokeWidth="2" />
            <rect x="-11" y="10" width="22" height="30" rx="9" fill={i % 2 ? '#d4a62a' : '#b0532c'} />
            <rect x="-7" y="8" width="14" height="4" rx="1" fill="#c9a441" />
            <rect x="-7" y="38" width="14" height="4" rx="1" fill="#c9a441" />
          </g>
        );
      })}
      {[
        [40, 150],
        [440, 170],
        [80, 300],
        [410, 300],
        [300, 120],
      ].map(([x, y]) => (
        <path key={`${x}-${y}`} d={`M${x} ${y! - 8}l2 6 6 2-6 2-2 6-2-6-6-2 6-2Z`} fill="#f1dca0" opacity=".85" />
      ))}
      <path d="M0 346h480v54H0Z" fill="#3a1017" />
      <KurtaShape fill="#d4a62a" line="#8a6410" transform="translate(136 72) scale(1.12)" />
      <g transform="translate(330 262)">
        <rect x="0" y="20" width="96" height="68" rx="4" fill="#1f4d3a" />
        <rect x="-6" y="6" width="108" height="20" rx="3" fill="#2a6049" />
        <rect x="42" y="6" width="12" height="82" fill="#c9a441" />
        <path d="M48 6c-20-26-40-6-22 0M48 6c20-26 40-6 22 0" fill="none" stroke="#c9a441" strokeWidth="5" />
      </g>
      <g transform="translate(70 318)">
        <path d="M-26 14c0-16 52-16 52 0l-8 14h-36Z" fill="#b0532c" />
        <path d="M0-14c8 10 6 18 0 22-6-4-8-12 0-22Z" fill="#f3c14b" />
      </g>
    </>
  ),
};

function Blossom({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse key={angle} cx="0" cy="-7" rx="5" ry="7" fill="#f2c4cf" transform={`rotate(${angle})`} />
      ))}
      <circle r="3.2" fill="#d4a62a" />
    </g>
  );
}
