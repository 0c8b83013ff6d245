// A RunCommand for tests: records every command and answers from a script, so a test can assert
// exactly which programs a platform would run, with which arguments, in which order.
import type { CommandOptions, CommandResult, RunCommand } from './command-runner';

export interface RecordedCommand {
  file: string;
  args: string[];
  options: CommandOptions;
}

export type ScriptedAnswer = Partial<CommandResult> | ((command: RecordedCommand) => Partial<CommandResult>);

export function scriptedRunner(answer: ScriptedAnswer = {}): RunCommand & { commands: RecordedCommand[] } {
  const commands: RecordedCommand[] = [];
  const run: RunCommand = async (file, args, options = {}) => {
    const command = { file, args: [...args], options };
    commands.push(command);
    const result = typeof answer === 'function' ? answer(command) : answer;
    return { code: 0, stdout: '', stderr: '', ...result };
  };
  return Object.assign(run, { commands });
}
