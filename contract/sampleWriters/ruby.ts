/**
 * Ruby with `net/http`: TLS only where the base URL is https (the sandbox is plain http), the body as
 * a squiggly heredoc that interpolates nothing, and the answer read as UTF-8. `ruby -wc` passes.
 */
import {indented, plainHeaders, type SampleRequest} from './index';

const classes: Record<string, string> = {GET: 'Get', POST: 'Post', PUT: 'Put', DELETE: 'Delete'};

export function rubySample(request: SampleRequest): string {
  const {method, pathAndQuery, body, successStatus, environment, defaultBaseUrl} = request;
  if (body?.split('\n').some((line) => line.trim() === 'JSON')) throw new Error(`${request.name}: a line of the Ruby sample's body would end its heredoc`);
  const headers = [
    ...(request.withToken ? [`request['Authorization'] = "Bearer #{ENV.fetch('${environment.token}')}"`] : []),
    ...plainHeaders(request).map(([header, value]) => `request['${header}'] = '${value}'`),
    ...(body === undefined ? [] : ['request.body = body']),
  ];
  return `require 'net/http'
require 'uri'

base_url = ENV.fetch('${environment.baseUrl}', '${defaultBaseUrl}')
uri = URI("#{base_url}${pathAndQuery}")
${body === undefined ? '' : `body = <<~'JSON'\n${indented(body, '  ')}\nJSON\n`}
request = Net::HTTP::${classes[method] ?? method.charAt(0) + method.slice(1).toLowerCase()}.new(uri)
${headers.join('\n')}

response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end
puts response.code
puts response.body.to_s.force_encoding(Encoding::UTF_8)
exit(response.code.to_i == ${successStatus} ? 0 : 1)
`;
}
