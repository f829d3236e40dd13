import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * A command's options, parsed strictly, plus `--help` / `-h`; `V` names the values they give. On
 * `--help` it prints `usage` and gives exit code 0; on an unknown or malformed option it prints the
 * problem and `usage` and gives 2.
 */
export function parseCommandLine<V extends Record<string, string | boolean | undefined>>(
  options: NonNullable<ParseArgsConfig['options']>,
  usage: string,
  args: string[] = process.argv.slice(2),
): { values: V } | { exitCode: 0 | 2 } {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return { exitCode: 2 };
  }
  if (values.help === true) {
    console.log(usage);
    return { exitCode: 0 };
  }
  return { values: values as V };
}
