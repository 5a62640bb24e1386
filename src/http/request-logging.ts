import { LogController } from 'fastify';

/**
 * One log line per request, written when it completes (method, path, status, duration), labelled
 * with `requestId`. The "incoming request" line is demoted to debug: at info level it doubled the
 * logging cost of every request without telling anything the completion line does not.
 */
export class QuireLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (this.isLogDisabled(request)) return;
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
