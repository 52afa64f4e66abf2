import { useAppSelector } from '../lib/store/hooks.ts';
import { selectStoreInfo } from '../lib/store/store-info-slice.ts';

/**
 * "Inclusive of all taxes" under a card's price while the shop's prices include GST; nothing
 * when GST is added at checkout (the banner says so once) or before the shop's details have
 * arrived (the layout asks for them; a card of many does not ask again).
 */
export function InclusiveTaxNote({ className = '' }: { className?: string }) {
  const info = useAppSelector(selectStoreInfo);
  if (!info?.pricesIncludeGst) return null;
  return <p className={`text-[11px] leading-4 text-muted ${className}`}>{info.texts.taxNote}</p>;
}
