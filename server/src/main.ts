// The server's entry (dist/main.js): refuses a Node.js older than the supported one before
// anything else loads, then starts the shop (server.ts, bundled apart as dist/server.js). The
// bundle's npm packages load before any of its own code runs, and on an old Node some of them
// warn or crash (better-sqlite3 ends the process when the database opens): hence the two files.
import { exitUnlessSupportedNode } from '../../scripts/node-runtime.mjs';

exitUnlessSupportedNode();
await import('./server.js');
