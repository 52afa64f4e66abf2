import PDFDocument from 'pdfkit';
import {
  formatRupees,
  hsnSummary,
  stateTaxName,
  type HsnSummaryLine,
  type InvoiceTaxLine,
  type TaxDocumentSnapshot,
} from '@shop/core';
import { isPlainText, measureText, writeText } from './script-text.ts';

/**
 * A tax invoice or credit note as an A4 PDF, drawn from its snapshot alone. PDF's standard
 * fonts have no rupee sign, so amounts read "Rs. 1,199.00": the site's format otherwise. Names,
 * addresses and products in any of India's scripts are drawn in fonts that have them
 * (script-text.ts); what Helvetica can write stays in Helvetica.
 */
const rupees = (paise: number) => formatRupees(paise).replace('₹', 'Rs. ');
const figures = (paise: number) => formatRupees(paise).replace('₹', '');

/** A date as Indian invoices print it, in Indian time: "24 Nov 2026" (one formatter: making one is slow). */
const indianDates = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const indianDate = (iso: string) => indianDates.format(new Date(iso));

const INK = '#161514';
const MUTED = '#6b6660';
const LINE = '#d9d3cb';
const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

interface Column<Row = InvoiceTaxLine> {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: Row, index: number) => string;
}

/** The HSN-wise summary's columns: each code and rate with its lines' values and taxes added up. */
function summaryColumnsFor(snapshot: TaxDocumentSnapshot): Column<HsnSummaryLine>[] {
  const taxColumns: Column<HsnSummaryLine>[] =
    snapshot.supplyKind === 'intra-state'
      ? [
          { title: 'CGST', width: 62, align: 'right', cell: (l) => figures(l.cgst) },
          { title: stateTaxName(snapshot.placeOfSupply.code), width: 62, align: 'right', cell: (l) => figures(l.sgst) },
        ]
      : [{ title: 'IGST', width: 124, align: 'right', cell: (l) => figures(l.igst) }];
  const fixed: Column<HsnSummaryLine>[] = [
    { title: 'Qty', width: 28, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Taxable value', width: 72, align: 'right', cell: (l) => figures(l.taxableValue) },
    { title: 'Rate', width: 34, align: 'right', cell: (l) => `${l.ratePercent}%` },
    ...taxColumns,
  ];
  const used = fixed.reduce((n, c) => n + c.width, 0);
  return [{ title: 'HSN/SAC summary', width: CONTENT - used, align: 'left', cell: (l) => l.hsn }, ...fixed];
}

function columnsFor(snapshot: TaxDocumentSnapshot): Column[] {
  const taxColumns: Column[] =
    snapshot.supplyKind === 'intra-state'
      ? [
          { title: 'CGST', width: 62, align: 'right', cell: (l) => figures(l.cgst) },
          { title: stateTaxName(snapshot.placeOfSupply.code), width: 62, align: 'right', cell: (l) => figures(l.sgst) },
        ]
      : [{ title: 'IGST', width: 124, align: 'right', cell: (l) => figures(l.igst) }];
  const fixed: Column[] = [
    { title: '#', width: 18, align: 'left', cell: (_, i) => String(i + 1) },
    { title: 'HSN/SAC', width: 50, align: 'left', cell: (l) => l.hsn },
    { title: 'Qty', width: 28, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Taxable value', width: 72, align: 'right', cell: (l) => figures(l.taxableValue) },
    { title: 'Rate', width: 34, align: 'right', cell: (l) => `${l.ratePercent}%` },
    ...taxColumns,
  ];
  const used = fixed.reduce((n, c) => n + c.width, 0);
  const description: Column = {
    title: 'Description',
    width: CONTENT - used,
    align: 'left',
    cell: (l) => (l.discount > 0 ? `${l.description}\nless discount ${figures(l.discount)}` : l.description),
  };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

export function renderTaxDocument(snapshot: TaxDocumentSnapshot): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${snapshot.title} ${snapshot.number}`, Author: snapshot.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Title and the document's own facts.
  doc.fillColor(INK).fontSize(18);
  writeText(doc, snapshot.title, MARGIN, MARGIN, { bold: true });
  const facts: [string, string][] = [
    [snapshot.kind === 'invoice' ? 'Invoice no.' : 'Credit note no.', snapshot.number],
    ['Date', indianDate(snapshot.issuedAt)],
    ...(snapshot.against
      ? ([['Against invoice', `${snapshot.against.number} of ${indianDate(snapshot.against.issuedAt)}`]] as [
          string,
          string,
        ][])
      : []),
    ['Order', `${snapshot.orderNumber} of ${indianDate(snapshot.orderPlacedAt)}`],
    ['Place of supply', `${snapshot.placeOfSupply.name} (${snapshot.placeOfSupply.code})`],
    ['Reverse charge', 'No'],
  ];
  let y = MARGIN + 30;
  for (const [label, value] of facts) {
    doc.fontSize(9).fillColor(MUTED);
    writeText(doc, label, MARGIN, y, { width: 95 });
    doc.fillColor(INK);
    // A value in another script shares the label's baseline.
    const lineUp = isPlainText(value) ? 0 : measureText(doc, label, 0).ascent - measureText(doc, value, 0).ascent;
    writeText(doc, value, MARGIN + 95, y + lineUp, { width: 200 });
    y += 14;
  }

  // Seller (right) and buyer (below).
  const sellerX = MARGIN + CONTENT / 2 + 20;
  const sellerWidth = CONTENT / 2 - 20;
  doc.fontSize(10).fillColor(INK);
  writeText(doc, snapshot.seller.name, sellerX, MARGIN + 4, { width: sellerWidth, align: 'right', bold: true });
  doc.fontSize(9);
  writeText(
    doc,
    [
      ...snapshot.seller.addressLines,
      `${snapshot.seller.stateName} (state code ${snapshot.seller.stateCode})`,
      `GSTIN ${snapshot.seller.gstin}`,
    ].join('\n'),
    sellerX,
    doc.y,
    { width: sellerWidth, align: 'right' },
  );
  y = Math.max(y, doc.y) + 14;

  doc.fontSize(9).fillColor(MUTED);
  writeText(doc, 'BILL TO', MARGIN, y, { bold: true });
  doc.fontSize(10).fillColor(INK);
  writeText(doc, snapshot.buyer.name, MARGIN, doc.y + 2, { bold: true });
  doc.fontSize(9);
  writeText(
    doc,
    [
      ...snapshot.buyer.addressLines,
      `${snapshot.buyer.stateName} (state code ${snapshot.buyer.stateCode})`,
      `Phone ${snapshot.buyer.phone}`,
    ].join('\n'),
    MARGIN,
    doc.y,
    { width: CONTENT / 2 },
  );
  y = doc.y + 16;

  // The lines.
  const drawRow = (columns: { width: number; align: 'left' | 'right' }[], cells: string[], bold: boolean) => {
    doc.fontSize(8.5);
    // Cells in different scripts share the first line's baseline.
    const cellOptions = (i: number) => ({ width: columns[i]!.width - 6, align: columns[i]!.align, bold });
    const measured = cells.map((cell, i) => measureText(doc, cell, 0, cellOptions(i)));
    const ascent = Math.max(...measured.map((m) => m.ascent));
    const height = Math.max(...measured.map((m) => ascent - m.ascent + m.height));
    if (y + height + 8 > doc.page.height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.fillColor(INK);
      writeText(doc, cell, x + 3, y + 4 + ascent - measured[i]!.ascent, cellOptions(i));
      x += columns[i]!.width;
    });
    y += height + 8;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  };
  const drawTable = <Row>(columns: Column<Row>[], rows: readonly Row[]) => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    drawRow(
      columns,
      columns.map((c) => c.title),
      true,
    );
    rows.forEach((row, index) =>
      drawRow(
        columns,
        columns.map((c) => c.cell(row, index)),
        false,
      ),
    );
  };
  drawTable(columnsFor(snapshot), snapshot.lines);
  // Then per HSN: each code and rate once, its lines added up exactly.
  y += 12;
  drawTable(summaryColumnsFor(snapshot), hsnSummary(snapshot.lines));

  // Totals, in figures and in words.
  y += 10;
  const totals: [string, number][] = [
    ['Taxable value', snapshot.totals.taxableValue],
    ...(snapshot.supplyKind === 'intra-state'
      ? ([
          ['CGST', snapshot.totals.cgst],
          [stateTaxName(snapshot.placeOfSupply.code), snapshot.totals.sgst],
        ] as [string, number][])
      : ([['IGST', snapshot.totals.igst]] as [string, number][])),
  ];
  const labelX = MARGIN + CONTENT - 230;
  for (const [label, amount] of totals) {
    doc.fontSize(9).fillColor(MUTED);
    writeText(doc, label, labelX, y, { width: 120 });
    doc.fillColor(INK);
    writeText(doc, rupees(amount), labelX + 120, y, { width: 110, align: 'right' });
    y += 14;
  }
  doc
    .moveTo(labelX, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke();
  y += 6;
  const totalLabel = snapshot.kind === 'invoice' ? 'Invoice total' : 'Credit note total';
  doc.fontSize(11).fillColor(INK);
  writeText(doc, totalLabel, labelX, y, { width: 120, bold: true });
  writeText(doc, rupees(snapshot.totals.total), labelX + 120, y, { width: 110, align: 'right', bold: true });
  y += 24;
  doc.fontSize(9).fillColor(MUTED);
  writeText(doc, 'Amount in words', MARGIN, y);
  doc.fillColor(INK);
  writeText(doc, snapshot.amountInWords, MARGIN, doc.y + 2, { width: CONTENT, bold: true });

  doc.fontSize(8).fillColor(MUTED);
  writeText(
    doc,
    snapshot.kind === 'invoice'
      ? 'This is a computer-generated tax invoice and needs no signature.'
      : `This credit note reverses invoice ${snapshot.against?.number ?? ''} in full. It is computer-generated and needs no signature.`,
    MARGIN,
    doc.y + 24,
    { width: CONTENT },
  );
  doc.end();
  return done;
}
