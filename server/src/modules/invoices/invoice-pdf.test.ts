import { creditNoteSnapshot, invoiceSnapshot, type OrderAddressFacts } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { copiedText, embeddedFonts, pdfText } from '../../test/pdf-text.ts';
import { renderTaxDocument } from './invoice-pdf.ts';

const seller = {
  legalName: 'Kapas Apparel Private Limited',
  addressLine1: '14 Senapati Bapat Marg',
  addressLine2: 'Lower Parel',
  city: 'Mumbai',
  pinCode: '400013',
  stateCode: '27',
  gstin: '27AAKCK4821L1Z6',
  invoicePrefix: 'KP',
  creditNotePrefix: 'KPCN',
};

function documents(buyerName: string, address: Omit<OrderAddressFacts, 'phone'>, products: string[]) {
  const billing = { ...address, phone: '9876543210' };
  const invoice = invoiceSnapshot({
    number: 'KP/26-27/000042',
    issuedAt: '2026-11-24T10:00:00.000Z',
    seller,
    buyerName,
    billingAddress: billing,
    shippingAddress: billing,
    orderNumber: 'KP261124-ABCDE',
    orderPlacedAt: '2026-11-24T10:00:00.000Z',
    goods: products.map((description, i) => ({
      description,
      hsn: '6205',
      quantity: i + 1,
      unitPrice: 1199_00,
      ratePercent: 12,
    })),
    discount: 0,
    shipping: 0,
    shippingRatePercent: 12,
    gst: 3_44_00,
  });
  return [invoice, creditNoteSnapshot(invoice, 'KPCN/26-27/00007', '2026-11-25T10:00:00.000Z')] as const;
}

/** Shoppers who write in their own script, some mixing in Latin letters and figures. */
const shoppers = [
  {
    script: 'Devanagari (Hindi)',
    name: 'राहुल शर्मा',
    address: { addressLine1: 'मकान नं. 12, गांधी नगर', addressLine2: 'श्री कृष्ण मार्ग', city: 'वाराणसी' },
    state: 'Uttar Pradesh',
    pinCode: '221001',
    products: ['लिनन शर्ट (M)', 'सूती कुर्ता, हाथ से बुना'],
    fonts: ['NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular'],
  },
  {
    script: 'Tamil',
    name: 'தமிழ்செல்வி கண்ணன்',
    address: { addressLine1: '14, பெரியார் தெரு', addressLine2: 'மயிலாப்பூர்', city: 'சென்னை' },
    state: 'Tamil Nadu',
    pinCode: '600004',
    products: ['பருத்தி சட்டை (L)'],
    fonts: ['NotoSansTamil-Bold', 'NotoSansTamil-Regular'],
  },
  {
    script: 'Bengali',
    name: 'সৌমিত্র চট্টোপাধ্যায়',
    address: { addressLine1: '৭ পার্ক স্ট্রিট', addressLine2: '', city: 'কলকাতা' },
    state: 'West Bengal',
    pinCode: '700016',
    products: ['খাদি পাঞ্জাবি'],
    fonts: ['NotoSansBengali-Bold', 'NotoSansBengali-Regular'],
  },
  {
    script: 'Arabic (Urdu)',
    name: 'محمد علی خان',
    address: { addressLine1: 'مکان نمبر 12 گلی قاسم جان', addressLine2: 'بلیماران', city: 'دہلی' },
    state: 'Delhi',
    pinCode: '110006',
    products: ['سوتی کرتا'],
    fonts: ['NotoNaskhArabic-Bold', 'NotoNaskhArabic-Regular'],
  },
  {
    script: 'mixed with Latin',
    name: 'Priya शर्मा',
    address: { addressLine1: 'Flat 4B, श्री निवास', addressLine2: 'Sector 21', city: 'नोएडा' },
    state: 'Uttar Pradesh',
    pinCode: '201301',
    products: ['Linen Shirt (M) लिनन', 'Kurta – कुर्ता'],
    fonts: ['NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular'],
  },
];

describe('tax documents in the scripts of India', () => {
  it.each(shoppers)(
    'an invoice and its credit note print a shopper writing in $script as written',
    async ({ name, address, state, pinCode, products, fonts }) => {
      for (const snapshot of documents(name, { ...address, state, pinCode }, products)) {
        const pdf = await renderTaxDocument(snapshot);
        const text = await copiedText(pdf);
        // pdf.js (Firefox's reader) ignores ActualText: it reads left-to-right scripts glyph by glyph.
        const firefox = (await pdfText(pdf)).normalize('NFC').replace(/\s/g, '');
        const city = `${address.city} ${pinCode}`;
        for (const expected of [name, address.addressLine1, address.addressLine2, city, ...products]) {
          expect(text).toContain(expected);
          if (!/\p{Script=Arabic}/u.test(expected)) expect(firefox).toContain(expected.replace(/\s/g, ''));
        }
        // The rest of the document is as it was.
        for (const expected of [snapshot.title, snapshot.number, 'GSTIN 27AAKCK4821L1Z6', snapshot.amountInWords]) {
          expect(text).toContain(expected);
        }
        expect(embeddedFonts(pdf)).toEqual(fonts);
      }
    },
  );

  it('each scheduled language’s script is drawn with a font that has its letters', async () => {
    const samples: [string, string][] = [
      ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'NotoSansGurmukhi'],
      ['ભાવેશ પટેલ', 'NotoSansGujarati'],
      ['ସୁଭଶ୍ରୀ ମହାନ୍ତି', 'NotoSansOriya'],
      ['శ్రీనివాస్ రెడ్డి', 'NotoSansTelugu'],
      ['ಕೃಷ್ಣಪ್ಪ ಗೌಡ', 'NotoSansKannada'],
      ['ശ്രീലക്ഷ്മി നായർ', 'NotoSansMalayalam'],
      ['ᱥᱟᱱᱛᱟᱲᱤ ᱢᱩᱨᱢᱩ', 'NotoSansOlChiki'],
      ['ꯃꯤꯇꯩ ꯃꯌꯦꯛ', 'NotoSansMeeteiMayek'],
      // Sindhi and Kashmiri too (Urdu above).
      ['ڀڄڃ سنڌي', 'NotoNaskhArabic'],
      // Romanised with diacritics, Cyrillic: Noto Sans.
      ['Śrī Āśā Ṭhākur', 'NotoSans'],
      ['Дмитрий Орлов', 'NotoSans'],
    ];
    for (const [name, font] of samples) {
      const [invoice] = documents(
        name,
        { addressLine1: name, addressLine2: '', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
        [name],
      );
      const pdf = await renderTaxDocument(invoice);
      expect(await copiedText(pdf)).toContain(name);
      if (!/\p{Script=Arabic}/u.test(name)) {
        expect((await pdfText(pdf)).normalize('NFC').replace(/\s/g, '')).toContain(name.replace(/\s/g, ''));
      }
      expect(embeddedFonts(pdf)).toEqual([`${font}-Bold`, `${font}-Regular`]);
    }
  });

  it('a Latin-only invoice embeds no font and stays as small as it was', async () => {
    const [invoice, note] = documents(
      'Asha Rao',
      { addressLine1: '12B, MG Road', addressLine2: '', city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
      ['Linen Shirt (M)', 'Cotton Kurta (L)'],
    );
    for (const snapshot of [invoice, note]) {
      const pdf = await renderTaxDocument(snapshot);
      expect(embeddedFonts(pdf)).toEqual([]);
      expect(Buffer.from(pdf).toString('latin1')).not.toContain('/FontFile');
      // 2,834 bytes before Indian scripts were drawn (the invoice; its credit note a little more).
      expect(pdf.byteLength).toBeLessThan(3_000);
      expect(await pdfText(pdf)).toContain('Asha Rao');
    }
  });
});
