import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiResponse } from './api-caller.js';

/** A successful answer: the JSON as structured content, and the same JSON as text for older clients. */
export function toolSuccess(body: Record<string, unknown>): CallToolResult {
  return {
    structuredContent: body,
    content: [{ type: 'text', text: JSON.stringify(body, null, 2) }],
  };
}

/**
 * A failed API call as an MCP tool error: the problem+json document's one-line summary (what a
 * model needs to correct its call) followed by the whole document (code, field errors, request id).
 */
export function toolProblem(response: ApiResponse): CallToolResult {
  const problem = response.body;
  if (problem === null || typeof problem !== 'object') {
    return toolError(`The API answered ${response.status}: ${String(problem)}`);
  }
  const fields = Array.isArray(problem.errors)
    ? problem.errors
        .map((e: { pointer?: string; parameter?: string; detail: string }) => {
          const where = e.pointer?.slice(1) || e.parameter;
          return where ? `${where}: ${e.detail}` : e.detail;
        })
        .join('; ')
    : '';
  const summary = `${problem.status ?? response.status} ${problem.code ?? 'error'}: ${problem.detail ?? problem.title}`;
  return {
    isError: true,
    content: [
      { type: 'text', text: fields && !summary.includes(fields) ? `${summary} (${fields})` : summary },
      { type: 'text', text: JSON.stringify(problem, null, 2) },
    ],
  };
}

export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** The API's answer as a tool result. */
export function toolResult(response: ApiResponse): CallToolResult {
  if (response.status >= 200 && response.status < 300 && typeof response.body === 'object') {
    return toolSuccess(response.body);
  }
  return toolProblem(response);
}
