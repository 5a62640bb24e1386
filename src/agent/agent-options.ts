/** How to build the page agent. config.ts reads these from the environment (AGENT, OPENAI_*, AGENT_*). */
export const AGENT_KINDS = ['builtin', 'openai'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

export interface AgentOptions {
  kind: AgentKind;
  openaiBaseUrl: string | null;
  openaiApiKey: string | null;
  openaiModel: string | null;
  timeoutMs: number;
  maxAttempts: number;
  /** USD per million input / output tokens of OPENAI_MODEL (AGENT_PRICE_INPUT, AGENT_PRICE_OUTPUT); null: unpriced. */
  priceInputPerMTok?: number | null;
  priceOutputPerMTok?: number | null;
}
