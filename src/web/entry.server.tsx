/**
 * The server entry: renders a page's document with React's streaming renderer for React Router.
 *
 * Crawlers (isbot) and every GET document get the whole page at once (`onAllReady`): the Fastify
 * plugin (src/server/plugins/ssr.ts) keeps GET documents in the response cache and hashes their
 * inline scripts for the Content-Security-Policy, so they must be complete; their bytes are collected
 * into one body. Other requests (a form posted without JavaScript) stream from the shell on
 * (`onShellReady`).
 */
import { PassThrough, Writable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

/** How long a render may wait for React Router's deferred data before it is aborted. */
export const streamTimeout = 5_000;

/** Builds the HTML response for one document request (React Router's `handleRequest` contract). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  }
  const whole = request.method.toUpperCase() === 'GET' || isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      if (whole) clearTimeout(timer);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      if (whole) {
        // The whole page is ready: React writes it out at once; collect its bytes into one body
        // rather than through a Node stream turned into a web stream (less CPU per page).
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            resolve(new Response(Buffer.concat(chunks), { status: responseStatusCode, headers: responseHeaders }));
            done();
          },
        });
        sink.on('error', reject);
        pipe(sink);
        return;
      }
      const body = new PassThrough();
      resolve(new Response(createReadableStreamFromReadable(body), { status: responseStatusCode, headers: responseHeaders }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [whole ? 'onAllReady' : 'onShellReady']: ready,
      // A whole document keeps every Suspense boundary in place. Past this many bytes React would
      // otherwise send later boundaries after the shell, shown by a script once the browser has
      // painted the page without them: the listing's grid and the banner then pushed the page down
      // (a layout shift of 0.92 on Lighthouse's phone).
      progressiveChunkSize: whole ? Number.POSITIVE_INFINITY : undefined,
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject above; later ones are logged (React renders the nearest boundary).
        if (shellRendered) console.error(error);
      },
    });
    // Aborts a little after React Router's own timeout, so its rejections reach the page first.
    const timer = setTimeout(abort, streamTimeout + 1_000);
  });
}
