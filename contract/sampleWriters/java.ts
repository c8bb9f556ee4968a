/**
 * Java 17, `java.net.http`: one class with a `main`, which runs as it is with `java Sample.java`
 * (the source-file launcher) and compiles with `javac -Xlint:all` without a warning. The body is a
 * text block; the answer is read and printed as UTF-8 whatever the platform's default charset.
 */
import {indented, plainHeaders, type SampleRequest} from './index';

/** A text block's content: a backslash would start an escape, three quotes would end it. */
function textBlock(json: string, where: string): string {
  if (json.includes('"""')) throw new Error(`${where}: the Java sample's body holds three quotes, which would end its text block`);
  return json.replace(/\\/g, '\\\\');
}

export function javaSample(request: SampleRequest): string {
  const {name, method, pathAndQuery, body, successStatus, environment, defaultBaseUrl} = request;
  const headers = [
    ...(request.withToken ? [`.header("Authorization", "Bearer " + System.getenv("${environment.token}"))`] : []),
    ...plainHeaders(request).map(([header, value]) => `.header("${header}", "${value}")`),
  ];
  const publisher = body === undefined ? '' : `HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)`;
  const verb = method === 'GET' ? '.GET()' : method === 'POST' ? `.POST(${publisher})` : `.method("${method}", ${publisher || 'HttpRequest.BodyPublishers.noBody()'})`;
  return `import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

public class ${name} {
    public static void main(String[] args) throws Exception {
        String baseUrl = System.getenv().getOrDefault("${environment.baseUrl}", "${defaultBaseUrl}");
${body === undefined ? '' : `        String body = """\n${indented(textBlock(body, name), '            ')}\n            """;\n`}
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "${pathAndQuery}"))
${[...headers, verb, '.build();'].map((line) => `                ${line}`).join('\n')}
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));

        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println(response.statusCode());
        out.println(response.body());
        if (response.statusCode() != ${successStatus}) {
            System.exit(1);
        }
    }
}
`;
}
