// The countdown is shared with the home page's deals now; it lives in lib/.
export { useCountdown } from '../../../lib/use-countdown.ts';
