import { LogController } from 'fastify';
import { redactUrl } from './url-credentials.js';

/**
 * One log line per request, written when it completes (method, path, status, duration), labelled
 * with `requestId`; credentials in the query string are redacted (url-credentials.ts). The "incoming request" line is demoted to debug: at info level it doubled the
 * logging cost of every request without telling anything the completion line does not.
 */
export class QuireLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]): void {
    if (this.isLogDisabled(request)) return;
    const { method, ip } = request;
    request.log.debug(
      { req: { method, url: redactUrl(request.url), remoteAddress: ip } },
      'incoming request',
    );
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
