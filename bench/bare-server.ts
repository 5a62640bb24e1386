// The physical limit: a bare node:http server answering a JSON body of a given size, with the
// headers a JSON API sends. Quire's throughput is reported as a ratio of this one's.
import http from 'node:http';

const size = Number(process.argv[2] ?? 300);
const filler = 'x'.repeat(Math.max(0, size - 12));
const body = JSON.stringify({ data: filler });

const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening ${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
