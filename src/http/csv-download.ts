import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/** The 200 of an operator API route that answers a CSV file. */
export const CSV_FILE_RESPONSE = {
  description: 'The CSV file.',
  content: { 'text/csv': { schema: Type.String() } },
};

/**
 * Sends the lines as a CSV download named `fileName`, streamed as they are made (cells are the
 * caller's to neutralise). A stream is sent as it is read: the schema's string type describes the
 * file, not this value.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  lines: AsyncIterable<string> | Iterable<string>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines) as unknown as string);
}
