import { describe, expect, it } from 'vitest';
import {
  csvPrices,
  guardFormula,
  importedStock,
  mergedSizes,
  paiseFromCell,
  parseCsv,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  readProductCsv,
  rupeesCell,
  serialiseCsv,
  tagsCell,
  tagsFromCell,
  unguardFormula,
  writeProductCsv,
  type ProductForCsv,
} from './product-csv.ts';

const header = PRODUCT_CSV_COLUMNS.join(',');

describe('parseCsv', () => {
  it.each([
    [
      'plain cells',
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
      [1, 2],
    ],
    [
      'CRLF and no final line end',
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    ['a byte order mark', '\uFEFFa,b\n', [['a', 'b']], [1]],
    ['quoted commas and quotes', 'x,"a, ""b"""\n', [['x', 'a, "b"']], [1]],
    [
      'a line break inside quotes',
      '"one\ntwo",3\nnext,4\n',
      [
        ['one\ntwo', '3'],
        ['next', '4'],
      ],
      [1, 3],
    ],
    [
      'a CRLF inside quotes',
      '"one\r\ntwo",3\r\nnext,4\r\n',
      [
        ['one\r\ntwo', '3'],
        ['next', '4'],
      ],
      [1, 3],
    ],
    ['empty cells', ',,\n', [['', '', '']], [1]],
    ['an empty quoted cell', '"",x\n', [['', 'x']], [1]],
    ['a blank line', 'a\n\nb\n', [['a'], [''], ['b']], [1, 2, 3]],
    ['Hindi and emoji', 'कुर्ता,👕\n', [['कुर्ता', '👕']], [1]],
  ])('%s', (_case, text, cells, lines) => {
    const { records, issue } = parseCsv(text);
    expect(issue).toBeNull();
    expect(records.map((r) => r.cells)).toEqual(cells);
    expect(records.map((r) => r.line)).toEqual(lines);
  });

  it.each([
    ['an unclosed quote', 'a,b\n"open,x\nmore\n', 2, 'A quoted value is not closed.'],
    ['text after a closing quote', 'a\n"x"y,1\n', 2, 'A quoted value must end at a comma or the end of the line.'],
    ['a quote inside a bare value', 'a\nab"c,1\n', 2, 'A quote inside a value needs the whole value in quotes.'],
  ])('%s is refused with its line', (_case, text, line, message) => {
    expect(parseCsv(text).issue).toEqual({ line, message });
  });
});

describe('serialiseCsv', () => {
  it.each([
    ['plain', ['a', 'b'], 'a,b\r\n'],
    ['a comma', ['a,b'], '"a,b"\r\n'],
    ['a quote', ['say "hi"'], '"say ""hi"""\r\n'],
    ['a line break', ['one\ntwo'], '"one\ntwo"\r\n'],
    ['an empty cell', ['', 'x'], ',x\r\n'],
  ])('%s', (_case, row, text) => {
    expect(serialiseCsv([row])).toBe(text);
    expect(parseCsv(text).records[0]!.cells).toEqual(row);
  });
});

describe('cells', () => {
  it.each([
    [119_900, '1199.00'],
    [99_950, '999.50'],
    [5, '0.05'],
    [100, '1.00'],
  ])('rupeesCell(%i) = %s and back', (paise, cell) => {
    expect(rupeesCell(paise)).toBe(cell);
    expect(paiseFromCell(cell)).toBe(paise);
  });

  it.each([
    ['1199', 119_900],
    ['1199.5', 119_950],
    ['₹1,199.00', 119_900],
    ['1,19,900', 11_990_000],
    ['12.345', null],
    ['-5', null],
    ['abc', null],
    ['1e3', null],
    ['', null],
  ])('paiseFromCell(%s)', (cell, paise) => {
    expect(paiseFromCell(cell)).toBe(paise);
  });

  it.each([
    [['summer', 'linen'], 'summer, linen'],
    [['a, b', 'c\\d'], 'a\\, b, c\\\\d'],
    [[], ''],
  ])('tags %j travel as %s', (tags, cell) => {
    expect(tagsCell(tags)).toBe(cell);
    expect(tagsFromCell(cell)).toEqual(tags);
  });

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+91 shirt', "'+91 shirt"],
    ['- cotton', "'- cotton"],
    ['@home', "'@home"],
    ["'=x", "''=x"],
    ["'plain", "'plain"],
    ['Linen shirt', 'Linen shirt'],
  ])('formula-like text %s is written %s and read back', (text, written) => {
    expect(guardFormula(text)).toBe(written);
    expect(unguardFormula(written)).toBe(text);
  });
});

describe('mergedSizes', () => {
  it.each([
    [[['S', 'M', 'L']], ['S', 'M', 'L']],
    [
      [
        ['M', 'L'],
        ['S', 'M', 'L'],
      ],
      ['S', 'M', 'L'],
    ],
    [
      [
        ['S', 'M'],
        ['M', 'L', 'XL'],
      ],
      ['S', 'M', 'L', 'XL'],
    ],
    [
      [['28', '30'], ['32']],
      ['28', '30', '32'],
    ],
  ])('%j → %j', (byColor, sizes) => {
    expect(mergedSizes(byColor)).toEqual(sizes);
  });
});

const shirt: ProductForCsv = {
  handle: 'oxford-shirt',
  name: 'Oxford Shirt, "Classic"',
  categoryId: 'mens-shirts',
  price: 199_900,
  originalPrice: 249_900,
  tags: ['cotton', 'office, formal'],
  description: 'Soft cotton.\nMachine wash, cold.',
  declarations: {
    genericName: 'Shirt',
    netQuantity: '1 N',
    countryOfOrigin: 'Sri Lanka',
    makerRole: 'importer',
    makerName: 'Kapas Apparel Private Limited',
    // A comma, a line break and a leading dash: quoted, and guarded from spreadsheets.
    makerAddress: '-4 Kamala Mills, Lower Parel\nMumbai 400013',
  },
  variants: [
    { color: 'navy', size: 'M', sku: 'KP-OXF-NAV-M', stock: 4, price: null, originalPrice: null },
    { color: 'navy', size: 'XXL', sku: 'KP-OXF-NAV-XXL', stock: 1, price: 219_900, originalPrice: null },
    { color: 'white', size: 'M', sku: 'KP-OXF-WHI-M', stock: 0, price: null, originalPrice: null },
    { color: 'white', size: '-1', sku: 'KP-OXF-WHI-1', stock: 2, price: null, originalPrice: null },
  ],
};
const cap: ProductForCsv = {
  handle: 'cap',
  name: '=Cap',
  categoryId: 'mens-accessories',
  price: 49_900,
  originalPrice: null,
  tags: [],
  description: '',
  declarations: {
    genericName: 'Cap',
    netQuantity: '1 N',
    countryOfOrigin: 'India',
    makerRole: 'manufacturer',
    makerName: 'Kapas Apparel Private Limited',
    makerAddress: 'Mumbai',
  },
  variants: [{ color: '', size: 'OS', sku: 'KP-CAP-OS', stock: 7, price: null, originalPrice: null }],
};

describe('writeProductCsv and readProductCsv', () => {
  it('writes a byte order mark, the header and a row per variant with its effective price', () => {
    const text = writeProductCsv([shirt]);
    expect(text.startsWith('\uFEFF' + header + ',exported_stock\r\n')).toBe(true);
    expect(PRODUCT_CSV_EXPORT_COLUMNS.join(',')).toBe(header + ',exported_stock');
    const rows = parseCsv(text).records.slice(1);
    // The stock read is written twice: the figure staff may change, and the one it was.
    expect(rows.map((r) => [...r.cells.slice(3, 9), r.cells.at(-1)])).toEqual([
      ['navy', 'M', 'KP-OXF-NAV-M', '1999.00', '2499.00', '4', '4'],
      ['navy', 'XXL', 'KP-OXF-NAV-XXL', '2199.00', '', '1', '1'],
      ['white', 'M', 'KP-OXF-WHI-M', '1999.00', '2499.00', '0', '0'],
      // A size a spreadsheet would take for a formula is written after an apostrophe.
      ['white', "'-1", 'KP-OXF-WHI-1', '1999.00', '2499.00', '2', '2'],
    ]);
  });

  it('reads back what it wrote, each stock left as exported to be kept as the shop holds it then', () => {
    const read = readProductCsv(writeProductCsv([shirt, cap]));
    expect(read.issues).toEqual([]);
    expect(read.rows).toBe(5);
    expect(read.products).toEqual([
      {
        handle: 'oxford-shirt',
        line: 2,
        name: shirt.name,
        categoryId: 'mens-shirts',
        tags: ['cotton', 'office, formal'],
        description: shirt.description,
        declarations: shirt.declarations,
        colors: ['navy', 'white'],
        sizes: ['M', 'XXL', '-1'],
        variants: [
          {
            line: 2,
            color: 'navy',
            size: 'M',
            sku: 'KP-OXF-NAV-M',
            stock: null,
            price: 199_900,
            originalPrice: 249_900,
          },
          {
            line: 5,
            color: 'navy',
            size: 'XXL',
            sku: 'KP-OXF-NAV-XXL',
            stock: null,
            price: 219_900,
            originalPrice: null,
          },
          {
            line: 8,
            color: 'white',
            size: 'M',
            sku: 'KP-OXF-WHI-M',
            stock: null,
            price: 199_900,
            originalPrice: 249_900,
          },
          {
            line: 11,
            color: 'white',
            size: '-1',
            sku: 'KP-OXF-WHI-1',
            stock: null,
            price: 199_900,
            originalPrice: 249_900,
          },
        ],
      },
      {
        handle: 'cap',
        line: 14,
        name: '=Cap',
        categoryId: 'mens-accessories',
        tags: [],
        description: '',
        declarations: cap.declarations,
        colors: [],
        sizes: ['OS'],
        variants: [
          { line: 14, color: '', size: 'OS', sku: 'KP-CAP-OS', stock: null, price: 49_900, originalPrice: null },
        ],
      },
    ]);
  });

  it('takes columns in any order and spelling, later rows leaving product fields empty', () => {
    const text = [
      'Handle,SKU,Colour,Size,Price,Original Price,Stock,Name,Category,Tags,Description',
      'tee,,Navy,m,499,,3,Plain Tee,mens-t-shirts,basics,Soft',
      'tee,,navy,L,499,,2,,,,',
    ].join('\n');
    const read = readProductCsv(text);
    expect(read.issues).toEqual([]);
    // A file from before the declarations' columns: it says nothing of them.
    expect(read.products[0]!.declarations).toEqual({});
    expect(read.products[0]).toMatchObject({
      name: 'Plain Tee',
      tags: ['basics'],
      description: 'Soft',
      colors: ['navy'],
      sizes: ['M', 'L'],
    });
    expect(read.products[0]!.variants.map((v) => v.sku)).toEqual(['', '']);
  });

  const row = (cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) => {
    const base = {
      handle: 'tee',
      name: 'Tee',
      category: 'mens-t-shirts',
      colour: 'navy',
      size: 'M',
      sku: '',
      price: '499',
      original_price: '',
      stock: '3',
      tags: '',
      description: '',
      generic_name: 'T-shirt',
      net_quantity: '1 N',
      country_of_origin: 'India',
      maker_role: 'manufacturer',
      maker_name: 'Kapas',
      maker_address: 'Mumbai',
      ...cells,
    };
    return serialiseCsv([PRODUCT_CSV_COLUMNS.map((c) => base[c])]);
  };

  it.each([
    ['an unknown colour', row({ colour: 'tartan' }), 2, "Colour “tartan” is not one of the shop's colours."],
    ['no size', row({ size: '' }), 2, 'Size is required.'],
    ['a bad SKU', row({ sku: 'KP OXF' }), 2, 'SKU “KP OXF” must be letters, digits and dashes (at most 40).'],
    ['no price', row({ price: '' }), 2, 'Price is required.'],
    [
      'a maker role not one of the three',
      row({ maker_role: 'Designer' }),
      2,
      'maker_role “designer” must be manufacturer, packer or importer.',
    ],
    [
      'a country too long',
      row({ country_of_origin: 'x'.repeat(57) }),
      2,
      'country_of_origin must be 56 characters or fewer.',
    ],
    ['a price in paise', row({ price: '4.999' }), 2, 'Price “4.999” is not an amount in rupees.'],
    ['a price under a rupee', row({ price: '0.50' }), 2, 'Price must be at least 1.'],
    ['a bad original price', row({ original_price: 'n/a' }), 2, 'Original_price “n/a” is not an amount in rupees.'],
    ['negative stock', row({ stock: '-1' }), 2, 'Stock “-1” must be a whole number from 0 to 1000000.'],
    ['fractional stock', row({ stock: '1.5' }), 2, 'Stock “1.5” must be a whole number from 0 to 1000000.'],
    ['no handle', row({ handle: '' }), 2, 'handle is required.'],
    [
      'a handle with spaces',
      row({ handle: 'my tee' }),
      2,
      'handle “my tee” must be lower-case letters and digits joined by hyphens (at most 80).',
    ],
    ['no name', row({ name: '' }), 2, 'name is required (handle tee).'],
    ['no category', row({ category: '' }), 2, 'category is required (handle tee).'],
    [
      'text that is not UTF-8',
      row({ name: 'Caf\uFFFD' }),
      2,
      'Has characters that are not UTF-8 text: save the file as CSV UTF-8.',
    ],
  ])('%s', (_case, line, at, message) => {
    const read = readProductCsv(header + '\n' + line);
    expect(read.issues).toEqual([{ line: at, message }]);
    expect(read.products).toEqual([]);
  });

  it('names every problem of the file with its line, across products', () => {
    const text =
      header +
      '\n' +
      row({}) +
      row({ name: 'Other Tee', size: 'L' }) +
      row({ size: 'M', stock: '9' }) +
      row({ handle: 'cap', colour: '', size: 'OS' }) +
      row({ handle: 'cap', colour: 'red', size: 'OS', price: 'x' }) +
      '"a,b\n';
    const read = readProductCsv(text);
    // The unclosed quote stops the reading: it is the one problem a file cut short can tell.
    expect(read.issues).toEqual([{ line: 7, message: 'A quoted value is not closed.' }]);
    const whole = readProductCsv(text.replace('"a,b\n', ''));
    expect(whole.issues).toEqual([
      { line: 3, message: "name differs from line 2 of the same handle; a product's rows must agree." },
      { line: 4, message: 'navy M of tee is already on line 2.' },
      { line: 6, message: 'Price “x” is not an amount in rupees.' },
    ]);
    // A product with any problem is left out; the one the file describes well is read.
    expect(
      readProductCsv(
        header + '\n' + row({}) + row({ handle: 'cap', colour: 'red', size: 'OS', price: 'x' }),
      ).products.map((p) => p.handle),
    ).toEqual(['tee']);
  });

  it.each([
    ['a changed figure is set', '12', '10', 12],
    ['a figure left as exported keeps the stock', '10', '10', null],
    ['an empty cell keeps the stock', '', '10', null],
    ['an empty cell without the exported column keeps the stock', '', '', null],
    ['a figure in a file without the exported stock is set', '7', '', 7],
    ['zero is a figure like any other', '0', '3', 0],
  ])('stock: %s', (_case, stock, exported, expected) => {
    const read = readProductCsv(`${header},exported_stock\n` + row({ stock }).replace(/\r\n$/, `,${exported}\r\n`));
    expect(read.issues).toEqual([]);
    expect(read.products[0]!.variants[0]!.stock).toBe(expected);
  });

  it('refuses an exported stock that is not a count', () => {
    const read = readProductCsv(`${header},exported_stock\n` + row({}).replace(/\r\n$/, ',ten\r\n'));
    expect(read.issues).toEqual([
      { line: 2, message: 'Exported_stock “ten” must be a whole number from 0 to 1000000.' },
    ]);
  });

  it('refuses a product mixing rows with and without a colour', () => {
    const read = readProductCsv(header + '\n' + row({}) + row({ colour: '', size: 'L' }));
    expect(read.issues).toEqual([{ line: 3, message: 'colour is required: other rows of tee name a colour.' }]);
  });

  it.each([
    ['an empty file', '', 'The file is empty: it needs the header row.'],
    ['a missing column', 'handle,name\n', expect.stringMatching(/^Missing columns: category, colour, size/)],
    ['an unknown column', header + ',weight\n', 'Unknown column “weight”.'],
    ['a column twice', header + ',sku\n', 'The column “sku” appears twice.'],
  ])('%s is refused on line 1', (_case, text, message) => {
    expect(readProductCsv(text).issues[0]).toEqual({ line: 1, message });
  });

  it('refuses more rows than the limit, and a row with too few values', () => {
    const text = header + '\n' + row({}) + row({ size: 'L' }) + row({ size: 'XL' });
    expect(readProductCsv(text, 2).issues).toEqual([
      { line: 1, message: 'The file has 3 rows; an import takes at most 2.' },
    ]);
    expect(readProductCsv(header + '\ntee,Tee\n').issues).toEqual([
      { line: 2, message: 'Has 2 values; the header has 17.' },
    ]);
  });
});

describe('importedStock', () => {
  it.each([
    ['a figure is set', 12, 7, 12],
    ['a figure is set on a new variant', 5, undefined, 5],
    ['kept: what the variant holds when applied', null, 7, 7],
    ['kept on a new variant: none yet', null, undefined, 0],
  ])('%s', (_case, row, current, expected) => {
    expect(importedStock(row, current)).toBe(expected);
  });
});

describe('csvPrices', () => {
  const v = (size: string, price: number, originalPrice: number | null = null) => ({
    color: 'navy',
    size,
    price,
    originalPrice,
  });
  const stored = (size: string, price: number | null) => ({
    color: 'navy',
    size,
    sku: `X-${size}`,
    stock: 1,
    price,
    originalPrice: null,
  });
  const existing = { price: 1000, originalPrice: null, variants: [stored('M', null), stored('L', 1200)] };

  it.each([
    [
      'a new product takes the price most rows show',
      [v('S', 900), v('M', 1000), v('L', 1000)],
      undefined,
      {
        price: 1000,
        originalPrice: null,
        variants: [
          [900, null],
          [null, null],
          [null, null],
        ],
      },
    ],
    [
      'a tie goes to the first row',
      [v('S', 900), v('M', 1000)],
      undefined,
      {
        price: 900,
        originalPrice: null,
        variants: [
          [null, null],
          [1000, null],
        ],
      },
    ],
    [
      'an unchanged product keeps its stored prices',
      [v('M', 1000), v('L', 1200)],
      existing,
      {
        price: 1000,
        originalPrice: null,
        variants: [
          [null, null],
          [1200, null],
        ],
      },
    ],
    [
      'an unchanged product whose every variant has its own price keeps them',
      [v('M', 800), v('L', 800)],
      { price: 1000, originalPrice: null, variants: [stored('M', 800), stored('L', 800)] },
      {
        price: 1000,
        originalPrice: null,
        variants: [
          [800, null],
          [800, null],
        ],
      },
    ],
    [
      'a changed row keeps the product price when another row shows it',
      [v('M', 1000), v('L', 1500)],
      existing,
      {
        price: 1000,
        originalPrice: null,
        variants: [
          [null, null],
          [1500, null],
        ],
      },
    ],
    [
      'every row changed to one price: the product takes it',
      [v('M', 1100), v('L', 1100)],
      existing,
      {
        price: 1100,
        originalPrice: null,
        variants: [
          [null, null],
          [null, null],
        ],
      },
    ],
    [
      'an original price makes a different price',
      [v('M', 1000, 1500), v('L', 1000, 1500), v('XL', 1000)],
      undefined,
      {
        price: 1000,
        originalPrice: 1500,
        variants: [
          [null, null],
          [null, null],
          [1000, null],
        ],
      },
    ],
  ] as const)('%s', (_case, rows, before, expected) => {
    const prices = csvPrices(rows, before);
    expect({
      price: prices.price,
      originalPrice: prices.originalPrice,
      variants: prices.variants.map((p) => [p.price, p.originalPrice]),
    }).toEqual(expected);
    // Whatever is stored, each variant costs what its row says.
    prices.variants.forEach((p, i) => {
      const own = p.price !== null;
      expect(own ? p.price : prices.price).toBe(rows[i]!.price);
      expect(own ? p.originalPrice : prices.originalPrice).toBe(rows[i]!.originalPrice);
    });
  });
});

describe('the declarations in a file', () => {
  const lines = (...rows: string[]) => [PRODUCT_CSV_COLUMNS.join(','), ...rows].join('\r\n');
  const importedFromSriLanka = {
    genericName: 'T-shirt',
    netQuantity: '1 N',
    countryOfOrigin: 'Sri Lanka',
    makerRole: 'importer',
    makerName: 'Kapas',
    makerAddress: 'Mumbai',
  };
  it('takes the value the rows agree on (case of the role forgiven, spaces in the country made single)', () => {
    const read = readProductCsv(
      lines(
        'tee,Tee,mens-t-shirts,navy,M,,499,,3,,,T-shirt,1 N,Sri  Lanka,Importer,Kapas,Mumbai',
        'tee,,,navy,L,,499,,3,,,,,,,,',
      ),
    );
    expect(read.issues).toEqual([]);
    expect(read.products[0]!.declarations).toEqual(importedFromSriLanka);
  });

  it.each([
    ['spaces', ' ', ' '],
    ['tabs', '\t', '\t'],
    ['no-break spaces', '\u00a0', '\u2003'],
    ['a line break inside quotes', '', '\n'],
  ])(
    'trims %s around each cell, and compares rows on the declarations as kept (a country’s spaces, a role’s case)',
    (_case, before, after) => {
      const cell = (text: string) => `"${before}${text}${after}"`;
      const declared = ['T-shirt', '1 N', 'Sri  Lanka', 'Importer', 'Kapas', 'Mumbai'].map(cell).join(',');
      const again = ['', '', 'Sri Lanka', 'IMPORTER', '', ''].map((text) => (text ? cell(text) : '')).join(',');
      const read = readProductCsv(
        lines(`tee,Tee,mens-t-shirts,navy,M,,499,,3,,,${declared}`, `tee,,,navy,L,,499,,3,,,${again}`),
      );
      expect(read.issues).toEqual([]);
      expect(read.products[0]!.declarations).toEqual(importedFromSriLanka);
    },
  );

  it('refuses rows of one product that name two countries', () => {
    const read = readProductCsv(
      lines(
        'tee,Tee,mens-t-shirts,navy,M,,499,,3,,,T-shirt,1 N,India,manufacturer,Kapas,Mumbai',
        'tee,,,navy,L,,499,,3,,,,,Nepal,,,',
      ),
    );
    expect(read.issues).toEqual([
      { line: 3, message: "country_of_origin differs from line 2 of the same handle; a product's rows must agree." },
    ]);
  });
});
