// After `vite build`: a gzip and a brotli copy of every text asset, so the server sends
// compressed files without compressing on each request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
let count = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`precompressed ${count} files`);
