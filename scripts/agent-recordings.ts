/**
 * Rebuilds src/agent/eval/openai-recordings.json from the hand-written answers of
 * src/agent/eval/openai-answers.json: each answer is keyed by the exact request the
 * OpenAI-compatible agent sends for its evaluation case, so after a change of the prompt this
 * script brings the replayed recordings in line (run: node --import tsx scripts/agent-recordings.ts).
 * A recording of a real model is made with `quire agent eval --agent openai --record FILE`.
 */
import fs from 'node:fs';
import set from '../src/agent/eval/agent-eval-set.json' with { type: 'json' };
import { caseInput, checkEvalSet } from '../src/agent/eval/eval-set.js';
import answers from '../src/agent/eval/openai-answers.json' with { type: 'json' };
import { type Recording, requestKey } from '../src/agent/eval/recordings.js';
import { requestBody } from '../src/agent/openai-prompt.js';

const evalSet = checkEvalSet(set);
const recording: Recording = {
  format: 'quire-agent-recording/1',
  model: answers.model,
  source: 'hand-written answers (src/agent/eval/openai-answers.json), not a real model',
  exchanges: {},
};
for (const [caseId, answer] of Object.entries(answers.answers)) {
  const evalCase = evalSet.cases.find((c) => c.id === caseId);
  if (evalCase === undefined) throw new Error(`no evaluation case ${caseId}`);
  const { usage, ...content } = answer;
  recording.exchanges[requestKey(requestBody(caseInput(evalSet, evalCase), answers.model))] = {
    caseId,
    request: evalCase.message,
    status: 200,
    body: {
      id: `chatcmpl-recorded-${caseId}`,
      object: 'chat.completion',
      model: answers.model,
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: JSON.stringify(content), refusal: null },
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}
fs.writeFileSync('src/agent/eval/openai-recordings.json', `${JSON.stringify(recording, null, 2)}\n`);
process.stdout.write(`wrote ${Object.keys(recording.exchanges).length} exchanges\n`);
