/**
 * C# with `HttpClient`, written to compile unchanged with Mono's `mcs` (C# 7, `-warn:4`, no warning)
 * and on .NET 8: a class with a synchronous `Main` that waits on the call with
 * `.GetAwaiter().GetResult()` (an async `Main` needs C# 7.1, top-level statements C# 9), `using`
 * blocks rather than declarations (C# 8), and the body as a verbatim string. The status is read before
 * anything could throw on it, so a 4xx body prints too.
 */
import {indented, plainHeaders, type SampleRequest} from './index';

/** A verbatim string's content: a quote is written twice. */
const verbatim = (json: string) => json.replace(/"/g, '""');

const methods: Record<string, string> = {GET: 'HttpMethod.Get', POST: 'HttpMethod.Post', PUT: 'HttpMethod.Put', DELETE: 'HttpMethod.Delete'};

export function csharpSample(request: SampleRequest): string {
  const {name, method, pathAndQuery, body, successStatus, environment, defaultBaseUrl} = request;
  const headers = [
    ...(request.withToken ? [`request.Headers.Add("Authorization", "Bearer " + Environment.GetEnvironmentVariable("${environment.token}"));`] : []),
    ...plainHeaders(request)
      .filter(([header]) => header !== 'Content-Type')
      .map(([header, value]) => `request.Headers.Add("${header}", "${value}");`),
    // The content's own header: StringContent sends it as application/json; charset=utf-8.
    ...(body === undefined ? [] : ['request.Content = new StringContent(body, new UTF8Encoding(false), "application/json");']),
  ];
  return `using System;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;

public static class ${name}
{
    public static int Main()
    {
        Console.OutputEncoding = new UTF8Encoding(false);
        return SendAsync().GetAwaiter().GetResult();
    }

    private static async Task<int> SendAsync()
    {
        string baseUrl = Environment.GetEnvironmentVariable("${environment.baseUrl}") ?? "${defaultBaseUrl}";
${body === undefined ? '' : `        string body = @"${indented(verbatim(body), '').replace(/\n/g, '\n')}";\n`}
        using (var client = new HttpClient())
        using (var request = new HttpRequestMessage(${methods[method] ?? `new HttpMethod("${method}")`}, baseUrl + "${pathAndQuery}"))
        {
${headers.map((line) => `            ${line}`).join('\n')}
            using (HttpResponseMessage response = await client.SendAsync(request))
            {
                int status = (int)response.StatusCode;
                Console.WriteLine(status);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
                return status == ${successStatus} ? 0 : 1;
            }
        }
    }
}
`;
}
