/**
 * The Fastify instance itself (docs/architecture.md): logger, request ids, the zod type provider
 * (requests validated and answers serialised from the routes' zod schemas), the route list the
 * authorization and fuzz tests read, and the request-logging choice.
 */
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BuildOptions } from '../app';

/** Without request logging, requests slower than this are still logged (warn). */
export const SLOW_REQUEST_MS = 1000;

/** A route as the tests see it: method, URL pattern and its response schemas by status. */
export interface ListedRoute {
  method: string;
  url: string;
  response?: Record<string, unknown>;
}

/** A request for a file (a script, a picture, Vite's modules in development) rather than a page or an API call. */
function isStaticFile(url: string): boolean {
  const pathname = url.split('?')[0];
  return !pathname.startsWith('/api/') && (pathname.startsWith('/@') || path.extname(pathname) !== '');
}

/**
 * A request's logger, its pino child (bindings: the request id) made on the first line it writes:
 * with request logging 'slow' most requests write none, and making the child (its bindings
 * serialised through the redaction) was a measurable part of a cached read
 * (docs/performance.md, "A cached read's fixed cost"). Lines and levels are the child's own.
 * Its methods are the prototype's, so a request allocates this one object and no closures.
 */
class LazyChildLogger {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  /** The pino child, made once. */
  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.#made ? this.#made.level : (this.options.level ?? this.parent.level);
  }
  set level(level: string) {
    this.made.level = level;
  }
  fatal(...args: LogArgs) {
    this.made.fatal(...args);
  }
  error(...args: LogArgs) {
    this.made.error(...args);
  }
  warn(...args: LogArgs) {
    this.made.warn(...args);
  }
  info(...args: LogArgs) {
    this.made.info(...args);
  }
  debug(...args: LogArgs) {
    this.made.debug(...args);
  }
  trace(...args: LogArgs) {
    this.made.trace(...args);
  }
  silent(...args: LogArgs) {
    this.made.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}
/** What a log method takes (pino's LogFn; its overloads all end in this one's shape). */
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** The bare instance: no plugins or routes yet. */
export function createServer(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    // Structured JSON logs; every request line carries its request id. Headers are not logged, and
    // authorization or cookie values are redacted should anything log them.
    logger:
      opts.logger === undefined || opts.logger === false
        ? false
        : {
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
          },
    // A load balancer's well-formed X-Request-Id is kept so logs line up across hops; anything else
    // gets a fresh id (no log injection through the header).
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
    },
    ...(opts.logger
      ? {
          childLoggerFactory: (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
            new LazyChildLogger(parent, bindings, options) as FastifyBaseLogger,
        }
      : {}),
    logController: new LogController({ disableRequestLogging: (opts.requestLogging ?? 'each') !== 'each' }),
    bodyLimit: 1024 * 1024,
    // Only TRUST_PROXY's proxies are believed (config.ts); by default request.ip is the socket's
    // address, so a client cannot pick its own IP for the rate limits with X-Forwarded-For.
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('routeList', [] as ListedRoute[]);
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeList.push({ method, url: route.url, response });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (opts.requestLogging === 'slow') {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.elapsedTime >= SLOW_REQUEST_MS) {
        request.log.warn(
          { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'slow request',
        );
      }
      done();
    });
  } else if (opts.requestLogging === 'line') {
    app.addHook('onResponse', (request, reply, done) => {
      if (!isStaticFile(request.url))
        request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
      done();
    });
  }

  app.decorate('config', config);
  app.decorate('shuttingDown', false);
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise
  // and a turn of the microtask queue each time (docs/performance.md, "A cached read's fixed cost").
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // While shutting down, answer what is in flight and tell clients not to reuse the connection.
    if (app.shuttingDown) reply.header('connection', 'close');
    done();
  });
  app.decorate('db', opts.db);
  return app;
}
