// Writes packages/kioku/dist/store-template/pglite.tar.gz (and pglite.json, what it holds): a PGlite data
// directory with pgvector and every migration applied, which openStore loads for a new embedded store
// instead of running initdb. Part of the package build (after tsc); does nothing when it is up to date.
import { writeStoreTemplate } from '../../build/store/write-store-template.js';

const started = Date.now();
if (await writeStoreTemplate()) console.log(`wrote the store template in ${Date.now() - started} ms`);
