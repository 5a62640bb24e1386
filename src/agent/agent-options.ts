/** How to build the page agent. config.ts reads these from the environment (AGENT, OPENAI_*, AGENT_*). */
export const AGENT_KINDS = ['builtin', 'openai'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];
/**
 * How the model is asked for its structured answer (AGENT_OUTPUT): `json_schema`, a strict
 * `response_format` (OpenAI, vLLM, llama.cpp's server, recent Ollama); `tools`, one forced function
 * call whose parameters are the same schema, for servers and models that do tool calls but not
 * structured output. The answer is validated the same way either way.
 */
export const AGENT_OUTPUTS = ['json_schema', 'tools'] as const;
export type AgentOutput = (typeof AGENT_OUTPUTS)[number];

export interface AgentOptions {
  kind: AgentKind;
  openaiBaseUrl: string | null;
  openaiApiKey: string | null;
  openaiModel: string | null;
  /** AGENT_OUTPUT; json_schema when absent. */
  output?: AgentOutput;
  timeoutMs: number;
  maxAttempts: number;
  /** USD per million input / output tokens of OPENAI_MODEL (AGENT_PRICE_INPUT, AGENT_PRICE_OUTPUT); null: unpriced. */
  priceInputPerMTok?: number | null;
  priceOutputPerMTok?: number | null;
}
