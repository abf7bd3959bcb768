/**
 * The documents worker's thread (see documents.ts): answers each task with its result, or with the
 * error's message when it throws. Bundled on its own as build/node/documents-worker.js.
 */
import { parentPort } from 'node:worker_threads';
import { inlineDocuments, type DocumentAnswer, type DocumentTask } from './documents';

const port = parentPort;
if (!port) throw new Error('documents-worker runs as a worker thread');

port.on('message', (message: DocumentTask) => {
  const work = message.task === 'pdf' ? inlineDocuments.pdf(...message.args) : inlineDocuments.mime(...message.args);
  work.then(
    (value) => port.postMessage({ id: message.id, value } satisfies DocumentAnswer),
    (err: unknown) =>
      port.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) } satisfies DocumentAnswer),
  );
});
