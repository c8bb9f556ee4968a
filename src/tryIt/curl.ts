/** The console's request as a curl command, quoted for a POSIX shell. */
import type {OutgoingRequest} from './request';

/** Single quotes keep everything literal in sh; a single quote itself is closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(baseUrl: string, request: OutgoingRequest): string {
  const lines = [`curl --request ${request.method} ${shellQuote(`${baseUrl}${request.path}`)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== undefined) {
    lines.push(`--data ${shellQuote(request.body)}`);
  }
  return lines.join(' \\\n  ');
}
