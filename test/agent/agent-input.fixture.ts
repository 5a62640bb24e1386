/** A realistic AgentInput for the agents' tests: a demo page for Ada Lovelace at Acme. */
import type { AgentInput } from '../../src/agent/page-agent.js';

export function agentInput(overrides: Partial<AgentInput> = {}): AgentInput {
  return {
    page: {
      pageId: 'page_01jd0000000000000000000000',
      name: 'Analytics demo',
      title: 'Northwind Analytics',
      pageContext:
        'Northwind Analytics turns product usage data into revenue forecasts your finance team can trust. ' +
        'Dashboards, alerts and a warehouse-native semantic layer.',
      pageType: 'outbound',
      actions: [
        {
          actionId: 'act_demo',
          purpose: 'Book a product demo with sales',
          buttonTitle: 'Book a demo',
          actionType: 'link',
          url: 'https://northwind.example/demo',
        },
        {
          actionId: 'act_pricing',
          purpose: 'See pricing plans',
          buttonTitle: 'See pricing',
          actionType: 'link',
          url: 'https://northwind.example/pricing',
        },
      ],
      headline: 'Revenue forecasts your finance team can trust',
      subheadline: 'Dashboards, alerts and a warehouse-native semantic layer.',
    },
    audience: { audienceId: 'audience_01jd0000000000000000000000', effectiveName: 'Ada Lovelace at Acme' },
    person: { name: 'Ada Lovelace', email: 'ada@acme.example', domain: 'acme.example' },
    account: { name: 'Acme', domain: 'acme.example' },
    recentActivity: [
      {
        source: 'web',
        type: 'page_view',
        payload: { title: 'Pricing for enterprise forecasting' },
        createdAt: '2026-11-20T09:12:00.000Z',
        personName: 'Ada Lovelace',
      },
      {
        source: 'user',
        type: 'note',
        payload: { text: 'Asked about Snowflake integration and forecasting accuracy on the call.' },
        createdAt: '2026-11-18T15:00:00.000Z',
        personName: null,
      },
      {
        source: 'crm',
        type: 'deal_stage_changed',
        payload: { stage: 'evaluation' },
        createdAt: '2026-11-15T08:00:00.000Z',
        personName: null,
      },
    ],
    topicEntries: [
      {
        type: 'text',
        content: 'Our Snowflake integration syncs usage data every 15 minutes. No ETL needed.',
      },
      { type: 'markdown', content: '## Office party\nThe office party is on Friday.' },
      { type: 'url', content: 'https://northwind.example/blog/forecasting-accuracy' },
      { type: 'text', content: 'Forecasting accuracy improved 23% for customers using the semantic layer.' },
    ],
    current: {
      metaTitle: 'Northwind Analytics',
      metaDescription: 'Revenue forecasts from product usage data.',
      metaKeywords: ['analytics', 'forecasting'],
      supplementaryContext: '',
      buttonTitles: { act_demo: 'Book a demo', act_pricing: 'See pricing' },
      actionUrl: 'https://northwind.example/demo',
      headline: 'Revenue forecasts your finance team can trust',
      subheadline: 'Dashboards, alerts and a warehouse-native semantic layer.',
    },
    conversation: [],
    request: null,
    ...overrides,
  };
}

/** The same input answering a message. */
export function withRequest(
  message: string,
  selectedElement: Record<string, unknown> | null = null,
): AgentInput {
  return agentInput({ request: { message, selectedElement } });
}
