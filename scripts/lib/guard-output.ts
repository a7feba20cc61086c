/**
 * The last step before a script's words reach stdout or stderr (a terminal, or the public log of a
 * scheduled workflow): every write goes through the one redactor, set to the secrets in the environment
 * (src/core/secrets/redact.ts), and no line can start a GitHub Actions workflow command. A last net, not the
 * rule: secrets are removed where untrusted text enters, and logs are not facts, so redacting here
 * rewrites no record. Installed once by importing this module first, so it also covers uncaught errors
 * and library warnings.
 */
import { neutraliseWorkflowCommands, redactorFrom } from '../../src/core/secrets/redact.ts';

const redact = redactorFrom(process.env);

function guard(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
    return write(neutraliseWorkflowCommands(redact(text)), ...rest);
  }) as typeof stream.write;
}

guard(process.stdout);
guard(process.stderr);
