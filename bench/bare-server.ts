// The physical limit: a bare node:http server answering the same bytes as the measured request,
// with the headers a JSON API sends. Quire's throughput is reported as a ratio of this one's.
//
//   node --import tsx bench/bare-server.ts 269              # a JSON body of 269 bytes
//   node --import tsx bench/bare-server.ts /tmp/page.html   # the bytes of a file (an HTML page)
import fs from 'node:fs';
import http from 'node:http';

const [arg = '300'] = process.argv.slice(2);
const isSize = /^\d+$/.test(arg);
const body = isSize
  ? Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, Number(arg) - 11)) }))
  : fs.readFileSync(arg);
const headers = {
  'content-type': isSize ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
  'content-length': body.byteLength,
};

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening ${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
