/**
 * Go with `net/http`, formatted as gofmt writes it (tabs), with every error checked: `go vet` finds
 * nothing. The body is a raw string literal. The answer's body is closed before the status decides the
 * exit code, since `os.Exit` would skip a deferred close.
 */
import {indented, plainHeaders, type SampleRequest} from './index';

const methods: Record<string, string> = {GET: 'http.MethodGet', POST: 'http.MethodPost', PUT: 'http.MethodPut', DELETE: 'http.MethodDelete'};
const statuses: Record<number, string> = {200: 'http.StatusOK', 201: 'http.StatusCreated', 204: 'http.StatusNoContent'};

export function goSample(request: SampleRequest): string {
  const {method, pathAndQuery, body, successStatus, environment, defaultBaseUrl} = request;
  if (body?.includes('`')) throw new Error(`${request.name}: the Go sample's body holds a backquote, which would end its raw string`);
  const headers = [
    ...(request.withToken ? [`req.Header.Set("Authorization", "Bearer "+os.Getenv("${environment.token}"))`] : []),
    ...plainHeaders(request).map(([header, value]) => `req.Header.Set("${header}", "${value}")`),
  ];
  const imports = ['fmt', 'io', 'net/http', 'os', ...(body === undefined ? [] : ['strings'])];
  return `package main

import (
${imports.map((name) => `\t"${name}"`).join('\n')}
)

func main() {
\tbaseURL := os.Getenv("${environment.baseUrl}")
\tif baseURL == "" {
\t\tbaseURL = "${defaultBaseUrl}"
\t}
${body === undefined ? '' : `\tbody := \`${body}\`\n`}
\treq, err := http.NewRequest(${methods[method] ?? `"${method}"`}, baseURL+"${pathAndQuery}", ${body === undefined ? 'nil' : 'strings.NewReader(body)'})
\tif err != nil {
\t\tfail(err)
\t}
${indented(headers.join('\n'), '\t')}

\tres, err := http.DefaultClient.Do(req)
\tif err != nil {
\t\tfail(err)
\t}
\tanswer, err := io.ReadAll(res.Body)
\tres.Body.Close()
\tif err != nil {
\t\tfail(err)
\t}
\tfmt.Println(res.StatusCode)
\tfmt.Println(string(answer))
\tif res.StatusCode != ${statuses[successStatus] ?? successStatus} {
\t\tos.Exit(1)
\t}
}

func fail(err error) {
\tfmt.Fprintln(os.Stderr, err)
\tos.Exit(1)
}
`;
}
