import { Worker } from 'node:worker_threads';
import type { NewAlert, PrepareAlertOptions } from '../alerts/index.js';
import { prepareAlert } from '../alerts/index.js';

/** Prepares received alerts (IOC extraction, fingerprint, fallback summary) away from the event loop. */
export interface PreparePool {
  /** What `prepareAlert` returns for each, in order; the schema names must already be checked. */
  prepare(
    items: ReadonlyArray<Omit<PrepareAlertOptions, 'value'> & { value: Record<string, unknown> }>,
  ): Promise<NewAlert[]>;
  close(): Promise<void>;
}

/** Alerts up to this size (their raw JSON, in characters, together) are prepared in place: cheaper than a message. */
const inPlaceChars = 32 * 1024;

// The worker runs the built module (dist/alerts, the same path from src/ and dist/): `npm run build` first.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(({ prepareAlert }) => {
  parentPort.on('message', ({ id, items }) => {
    try {
      const alerts = items.map((item) => prepareAlert({ ...item, value: JSON.parse(item.raw.replace(/^\\uFEFF/, '')) }));
      parentPort.postMessage({ id, alerts });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});`;

/**
 * A worker thread for preparing large alerts: extracting the IOCs of a 1 MiB alert of 20,000 addresses
 * takes about a second of CPU, which on the event loop would hold every other request (`/health`
 * included). Alerts under 32 KiB are prepared in place. The worker starts on first use and does not keep
 * the process alive.
 */
export function createPreparePool(): PreparePool {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (alerts: NewAlert[]) => void; reject: (error: Error) => void }
  >();
  const fail = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = undefined;
  };
  const start = () => {
    const started = new Worker(workerSource, {
      eval: true,
      workerData: { module: new URL('../../dist/alerts/index.js', import.meta.url).href },
    });
    started.unref();
    started.on('message', ({ id, alerts, error }: { id: number; alerts?: NewAlert[]; error?: string }) => {
      const entry = waiting.get(id);
      waiting.delete(id);
      if (error !== undefined) entry?.reject(new Error(`preparing the alert failed: ${error}`));
      else entry?.resolve(alerts ?? []);
    });
    started.on('error', (error) => fail(error));
    started.on('exit', (code) => fail(new Error(`the alert worker exited (${code})`)));
    return started;
  };
  return {
    prepare(items) {
      const size = items.reduce((sum, item) => sum + item.raw.length, 0);
      if (size <= inPlaceChars) return Promise.resolve(items.map((item) => prepareAlert(item)));
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.postMessage({ id, items: items.map(({ value: _value, ...rest }) => rest) });
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
