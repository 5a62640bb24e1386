/**
 * What the agent's reply says when a version is cancelled: the real reason, and what would make
 * another try succeed. "Send your message again" is only said when it can work.
 */

export interface AttemptFailure {
  message: string;
  /** True when another attempt would fail the same way: the version is cancelled at once. */
  final: boolean;
  /** refused: the result failed the content checks; agent: the agent gave up for good; transient: anything else. */
  kind: 'refused' | 'agent' | 'transient';
  /** The model server's Retry-After, when it sent one. */
  retryAfterMs?: number | null;
}

export function interruptedReply(
  version: { version_number: number; request_message_id: string | null },
  attempts: number,
  failure: AttemptFailure,
): string {
  const again =
    version.request_message_id === null
      ? 'create a new version (POST …/versions) to try again'
      : 'send your message again';
  const reason = withoutEndPeriod(failure.message);
  const head = `I could not write version ${version.version_number}`;
  switch (failure.kind) {
    case 'refused':
      return (
        `${head}: ${reason}. Trying again would give the same result, so it was cancelled at once. ` +
        'This usually means the page or the audience holds a value a version may not keep (for example an ' +
        'action URL that is not an absolute http(s) URL, or a button title over 200 characters): correct ' +
        `the page or the audience, then ${again}.`
      );
    case 'agent':
      return `${head}: ${reason}. It was cancelled at once; once that is fixed, ${again}.`;
    case 'transient':
      return (
        `${head} after ${attempts} attempt${attempts === 1 ? '' : 's'}, so it was cancelled. The last ` +
        `attempt failed because ${reason}. This is usually temporary: ${again}.`
      );
  }
}

function withoutEndPeriod(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}
