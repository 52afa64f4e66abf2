import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { brandColors, formatRupees, variantLabel } from '@shop/core';
import type { CSSProperties } from 'react';
import type { MessageData } from '../data.ts';

type OrderPlaced = MessageData<'order-placed'>;

const cell: CSSProperties = { fontSize: '14px', lineHeight: '22px', color: brandColors.inkSoft, margin: 0 };
const amount: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
const rule: CSSProperties = { borderTop: `1px solid ${brandColors.line}`, padding: '10px 0' };
const label: CSSProperties = {
  fontSize: '12px',
  fontWeight: 600,
  letterSpacing: '0.2em',
  textTransform: 'uppercase',
  color: brandColors.muted,
  margin: '24px 0 8px',
};

export const paymentMethodNames = { cod: 'Cash on delivery', razorpay: 'Online payment (Razorpay)' } as const;
/** The same, inside a sentence. */
export const paymentMethodPhrases = { cod: 'cash on delivery', razorpay: 'online payment (Razorpay)' } as const;

export function SectionLabel({ children }: { children: string }) {
  return <Text style={label}>{children}</Text>;
}

/** The order's lines: name, colour and size, quantity and SKU, and what each line costs. */
export function OrderLines({ lines }: { lines: OrderPlaced['lines'] }) {
  return (
    <Section>
      {lines.map((line, index) => (
        <Row key={index} style={rule} className="text-row">
          <Column>
            <Text style={{ ...cell, fontWeight: 600, color: brandColors.ink }}>{line.name}</Text>
            <Text style={cell}>
              {line.color ? variantLabel({ color: line.color, size: line.size }) : `Size ${line.size}`} · Qty{' '}
              {line.quantity}
              {line.sku ? ` · SKU ${line.sku}` : ''}
            </Text>
          </Column>
          <Column style={{ verticalAlign: 'top', width: '120px' }}>
            <Text style={amount}>{formatRupees(line.lineTotal)}</Text>
          </Column>
        </Row>
      ))}
    </Section>
  );
}

function TotalRow({ name, value, strong = false }: { name: string; value: string; strong?: boolean }) {
  const weight: CSSProperties = strong ? { fontWeight: 700, color: brandColors.ink, fontSize: '16px' } : {};
  return (
    <Row style={strong ? rule : { padding: '2px 0' }} className="text-row">
      <Column>
        <Text style={{ ...cell, ...weight }}>{name}</Text>
      </Column>
      <Column style={{ width: '140px' }}>
        <Text style={{ ...amount, ...weight }}>{value}</Text>
      </Column>
    </Row>
  );
}

/** The totals as the checkout showed them (its labels); the discount row only when there is one. */
export function OrderTotals({ totals, couponCode }: Pick<OrderPlaced, 'totals' | 'couponCode'>) {
  return (
    <Section style={{ borderTop: `1px solid ${brandColors.line}`, paddingTop: '8px' }}>
      <TotalRow name="Subtotal" value={formatRupees(totals.subtotal)} />
      {totals.discount > 0 && (
        <TotalRow
          name={couponCode ? `Discount (${couponCode})` : 'Discount'}
          value={`−${formatRupees(totals.discount)}`}
        />
      )}
      <TotalRow name="Shipping" value={formatRupees(totals.shipping)} />
      <TotalRow name={totals.gstIncluded ? 'GST included' : 'GST'} value={formatRupees(totals.gst)} />
      <TotalRow name="Total" value={formatRupees(totals.total)} strong />
    </Section>
  );
}

export function AddressBlock({ address }: { address: OrderPlaced['shippingAddress'] }) {
  const lines = [
    address.name,
    address.addressLine1,
    address.addressLine2,
    `${address.city}, ${address.state} ${address.pinCode}`,
    address.country,
    `Phone ${address.phone}`,
  ].filter((line) => line.trim() !== '');
  return (
    <Text style={cell}>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          {index < lines.length - 1 && <br />}
        </span>
      ))}
    </Text>
  );
}
