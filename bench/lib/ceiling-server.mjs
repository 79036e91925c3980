// The ceiling for catalogue reads: a bare node:http server returning fixed bytes.
//   node bench/lib/ceiling-server.mjs MANIFEST.json PORT
// MANIFEST.json: [{ "path": "/api/…", "file": "/tmp/…", "headers": { "content-type": "…", … } }]
// It answers each path with the body and the headers the shop sent for it (security headers, ETag,
// cache-control …), so the ratio measures what the shop's code costs, not which headers it chose.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [manifestPath, port] = process.argv.slice(2);
const routes = new Map(
  JSON.parse(readFileSync(manifestPath, 'utf8')).map((r) => [
    r.path,
    { body: readFileSync(r.file), headers: r.headers },
  ]),
);

createServer((req, res) => {
  const route = routes.get(req.url);
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { ...route.headers, 'content-length': route.body.length });
  res.end(route.body);
}).listen(Number(port), '127.0.0.1');
