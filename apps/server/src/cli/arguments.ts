/**
 * The argument shape of the `mealplan` data commands: one positional argument (a FILE or an EMAIL)
 * and one `--name value` (or `--name=value`) option, in any order. A string is the error to print.
 */
export function parsePositionalAndOption(
  args: string[],
  option: string,
  positionalName: string,
): { positional: string; value: string | undefined } | string {
  let positional: string | undefined;
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === `--${option}`) {
      value = args[++i];
      if (value === undefined) return `--${option} needs a value`;
    } else if (arg.startsWith(`--${option}=`)) {
      value = arg.slice(option.length + 3);
    } else if (arg.startsWith('--') && arg !== '--') {
      return `unknown option ${arg}`;
    } else if (positional === undefined) {
      positional = arg;
    } else {
      return `unexpected argument ${arg}`;
    }
  }
  if (!positional) return `${positionalName} is required`;
  return { positional, value };
}
