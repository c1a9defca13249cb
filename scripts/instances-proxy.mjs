/**
 * A small load balancer for the two-instance suite (scripts/instances-server.mjs): spreads requests over the API
 * instances round robin, one request at a time, the way a load balancer without sticky sessions does.
 *   - Streams pass through as they come (live message streams are long-lived answers), both ways.
 *   - X-Forwarded-For gains the client's address, X-Forwarded-Proto and -Host say what the client asked for: the
 *     instances run with TRUST_PROXY=1, so their rate limits and logs see the browser, not the proxy.
 *   - Every answer carries `X-RoomNest-Instance: <name>`, the instance that gave it.
 *   - A request with `X-RoomNest-Pin: <name>` goes to that instance only: a test pins a browser to one instance.
 * node:http only: the whole of it is the few lines below.
 */
import { createServer, request as httpRequest, Agent } from 'node:http';

/** Headers of one connection, not passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

export const INSTANCE_HEADER = 'x-roomnest-instance';
export const PIN_HEADER = 'x-roomnest-pin';

const passOn = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));

/**
 * Starts the proxy on `port` (127.0.0.1) in front of `instances` ([{ name, port }]); answers the server and a count of
 * answers per instance.
 */
export function startProxy({ port, instances }) {
  const agent = new Agent({ keepAlive: true });
  const answered = Object.fromEntries(instances.map((i) => [i.name, 0]));
  let next = 0;

  const server = createServer((req, res) => {
    const pinned = req.headers[PIN_HEADER];
    const target = pinned ? instances.find((i) => i.name === pinned) : instances[next++ % instances.length];
    if (!target) {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: `No instance is called "${pinned}".` }));
      return;
    }
    const client = req.socket.remoteAddress ?? '';
    const forwardedFor = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...passOn(req.headers), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' },
      },
      (answer) => {
        answered[target.name] += 1;
        res.writeHead(answer.statusCode ?? 502, { ...passOn(answer.headers), [INSTANCE_HEADER]: target.name });
        // A stream's head goes out at once, not with its first event.
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', [INSTANCE_HEADER]: target.name });
      res.end(JSON.stringify({ message: `Instance ${target.name} did not answer: ${err.message}` }));
    });
    // The browser went away (a closed tab ends its live stream): so does the request to the instance.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, answered, close: () => new Promise((done) => server.close(() => (agent.destroy(), done()))) }));
  });
}
