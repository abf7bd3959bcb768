/**
 * The server entry: renders a page's whole document to HTML for React Router.
 *
 * Pages are rendered by preact-render-to-string, as the browser hydrates them with Preact
 * (vite.config.ts, issue 8's 100 KB budget): the same renderer on both sides gives the same markup
 * and the same `useId` values. The document is rendered in full before it is sent (no streaming):
 * no page defers data, and the shop's response cache stores whole documents anyway. React Router's
 * loader data, which it streams through suspending components, is awaited and inlined.
 */
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';

/** Builds the HTML response for one document request (React Router's `handleRequest` contract). */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const html = await renderToStringAsync(<ServerRouter context={routerContext} url={request.url} />);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { status: responseStatusCode, headers: responseHeaders });
}
