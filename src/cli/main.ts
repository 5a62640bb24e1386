import { type Config, loadConfig } from '../config.js';
import { exitWithFailure } from './failure.js';
import { buildProgram } from './program.js';

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  // Whatever a command did not turn into its own message: one line, no stack trace (failure.ts).
  exitWithFailure(error, configOrNull());
}
function configOrNull(): Config | null {
  try {
    return loadConfig();
  } catch {
    return null;
  }
}
