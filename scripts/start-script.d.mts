/** `npm start`'s command line, parsed (start-script.mjs). */
export interface StartCommand {
  env: Record<string, string>;
  flags: string[];
  entry: string;
}
export function parseStartScript(script: string): StartCommand;
export function npmStart(repoRoot: string): StartCommand;
