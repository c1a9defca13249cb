/**
 * The two-instance suite's load balancer (instances-proxy.mjs), against two real HTTP servers on the loopback:
 * round robin, pinning, the forwarded client address, the instance header, streams passed through as they come, and
 * a clear answer when an instance is down or unknown.
 */
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from './instances-proxy.mjs';

/** A server that answers who it is and what it was told about the client; /stream sends one event now and holds on. */
function upstream(name) {
  const streams = new Set();
  const server = createServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, body, forwardedFor: req.headers['x-forwarded-for'], pin: req.headers['x-roomnest-pin'] }));
    });
  });
  return { server, streams, listen: () => new Promise((done) => server.listen(0, '127.0.0.1', () => done(server.address().port))) };
}

/** One request through the proxy: status, headers and the body as text. */
function call(port, { method = 'GET', path = '/', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the instances proxy', () => {
  const a = upstream('a');
  const b = upstream('b');
  let proxy;
  let port;

  beforeAll(async () => {
    const instances = [
      { name: 'a', port: await a.listen() },
      { name: 'b', port: await b.listen() },
    ];
    proxy = await startProxy({ port: 0, instances });
    port = proxy.server.address().port;
  });
  afterAll(async () => {
    await proxy?.close();
    a.server.close();
    b.server.close();
  });

  it('spreads requests round robin and names the instance that answered', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(port, { path: `/api/thing?i=${i}` });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text).name).toBe(res.headers['x-roomnest-instance']);
      names.push(res.headers['x-roomnest-instance']);
    }
    expect(names.slice().sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(names[0]).not.toBe(names[1]);
  });

  it('sends a pinned request to its instance only, with its method, path and body', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await call(port, { method: 'POST', path: '/api/x?y=1', headers: { 'x-roomnest-pin': 'b', 'content-type': 'application/json' }, body: '{"z":1}' });
      expect(res.headers['x-roomnest-instance']).toBe('b');
      expect(JSON.parse(res.text)).toMatchObject({ name: 'b', method: 'POST', url: '/api/x?y=1', body: '{"z":1}' });
    }
  });

  it('adds the client address to X-Forwarded-For, after any the client sent', async () => {
    expect(JSON.parse((await call(port, { headers: { 'x-roomnest-pin': 'a' } })).text).forwardedFor).toBe('127.0.0.1');
    expect(JSON.parse((await call(port, { headers: { 'x-roomnest-pin': 'a', 'x-forwarded-for': '203.0.113.9' } })).text).forwardedFor).toBe('203.0.113.9, 127.0.0.1');
  });

  it('passes a stream through as it comes, and ends it at the instance when the client goes', async () => {
    const req = request({ host: '127.0.0.1', port, path: '/stream', headers: { 'x-roomnest-pin': 'a' } });
    req.end();
    const [res] = await once(req, 'response');
    expect(res.headers['x-roomnest-instance']).toBe('a');
    const [first] = await once(res, 'data');
    expect(String(first)).toBe('data: first\n\n');
    expect(a.streams.size).toBe(1);
    const [upstreamStream] = a.streams;
    upstreamStream.write('data: second\n\n');
    const [second] = await once(res, 'data');
    expect(String(second)).toBe('data: second\n\n');
    const closed = once(upstreamStream, 'close');
    req.destroy();
    await closed;
    expect(a.streams.size).toBe(0);
  });

  it('answers 400 for an unknown pin and 502 when the instance does not answer', async () => {
    const unknown = await call(port, { headers: { 'x-roomnest-pin': 'c' } });
    expect([unknown.status, JSON.parse(unknown.text)]).toEqual([400, { message: 'No instance is called "c".' }]);

    const gone = createServer();
    await new Promise((done) => gone.listen(0, '127.0.0.1', done));
    const deadPort = gone.address().port;
    await new Promise((done) => gone.close(done));
    const lonely = await startProxy({ port: 0, instances: [{ name: 'd', port: deadPort }] });
    try {
      const res = await call(lonely.server.address().port);
      expect(res.status).toBe(502);
      expect(res.headers['x-roomnest-instance']).toBe('d');
      expect(JSON.parse(res.text).message).toMatch(/^Instance d did not answer: /);
    } finally {
      await lonely.close();
    }
  });
});
