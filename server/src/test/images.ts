import zlib from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a valid PNG of `width` × `height` transparent RGBA pixels (16,000 ×
 * 16,000 is a gigabyte of pixels) in about a megabyte, made in milliseconds. Every row is the
 * same (filter 0, then zeros), so the deflate stream is one compressed run of rows repeated
 * (each ends with a full flush, so the copies do not refer to one another); the Adler-32 of
 * all-zero data is 1 + (length mod 65521) × 65536. `rowsPerRun` must divide `height`.
 */
export function pngBomb(width: number, height: number, rowsPerRun = 16): Buffer {
  const rowBytes = 1 + width * 4;
  const run = zlib.deflateRawSync(Buffer.alloc(rowBytes * rowsPerRun), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const end = zlib.deflateRawSync(Buffer.alloc(0)); // the final, empty block
  const total = rowBytes * height;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((total % 65521) * 65536 + 1) >>> 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(height / rowsPerRun).fill(run), end, adler]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter choice, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
