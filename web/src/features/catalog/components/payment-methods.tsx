/**
 * Generic payment badges drawn for the shop (no brand logos): card, UPI, net banking and
 * cash on delivery. One image with one accessible name.
 */
export function PaymentMethods({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 264 36"
      width="264"
      height="36"
      role="img"
      aria-label="We accept cards, UPI, net banking and cash on delivery"
      className={`h-9 w-auto max-w-full ${className}`}
    >
      <g fontFamily="system-ui, -apple-system, Segoe UI, sans-serif" fontWeight="700" fontSize="9">
        {/* Card */}
        <rect x="0.5" y="0.5" width="60" height="35" rx="6" fill="#fff" stroke="#e6e1da" />
        <rect x="9" y="8" width="15" height="11" rx="2" fill="#d4a62a" />
        <path d="M9 13.5h15M16.5 8v11" stroke="#a67f17" strokeWidth="0.8" />
        <rect x="29" y="10" width="22" height="2.6" rx="1.3" fill="#2b2926" />
        <rect x="29" y="15" width="14" height="2.6" rx="1.3" fill="#c9c4bd" />
        <text x="30.5" y="30" textAnchor="middle" fill="#2b2926" letterSpacing="1">
          CARD
        </text>
        {/* UPI */}
        <rect x="67.5" y="0.5" width="60" height="35" rx="6" fill="#fff" stroke="#e6e1da" />
        <path d="M84 9l6 9-6 9" fill="none" stroke="#1f6b43" strokeWidth="3" strokeLinejoin="round" />
        <path d="M91 9l6 9-6 9" fill="none" stroke="#9c4a25" strokeWidth="3" strokeLinejoin="round" />
        <text x="112" y="22" textAnchor="middle" fill="#2b2926" fontSize="11" letterSpacing="0.5">
          UPI
        </text>
        {/* Net banking */}
        <rect x="134.5" y="0.5" width="60" height="35" rx="6" fill="#fff" stroke="#e6e1da" />
        <path d="M146 13l10-5.5 10 5.5z" fill="#1f2a4d" />
        <path d="M148 14.5v7M152.7 14.5v7M157.3 14.5v7M162 14.5v7" stroke="#1f2a4d" strokeWidth="1.8" />
        <rect x="145" y="22.5" width="22" height="2.2" fill="#1f2a4d" />
        <text x="181" y="16" textAnchor="middle" fill="#2b2926" fontSize="7.5">
          NET
        </text>
        <text x="181" y="25" textAnchor="middle" fill="#2b2926" fontSize="7.5">
          BANK
        </text>
        {/* Cash on delivery */}
        <rect x="201.5" y="0.5" width="62" height="35" rx="6" fill="#161514" />
        <rect x="209" y="10" width="20" height="13" rx="2" fill="none" stroke="#f1ebe3" strokeWidth="1.5" />
        <circle cx="219" cy="16.5" r="3" fill="none" stroke="#f1ebe3" strokeWidth="1.4" />
        <text x="247" y="21" textAnchor="middle" fill="#fff" fontSize="10" letterSpacing="0.5">
          COD
        </text>
      </g>
    </svg>
  );
}
