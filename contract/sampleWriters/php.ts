/**
 * PHP 8 with the curl extension: the body as a nowdoc, no call deprecated in 8.x (`curl_close` is a
 * no-op since 8.0 and deprecated in 8.5, so the handle is left to go out of scope). `php -l` passes.
 */
import {plainHeaders, type SampleRequest} from './index';

export function phpSample(request: SampleRequest): string {
  const {method, pathAndQuery, body, successStatus, environment, defaultBaseUrl} = request;
  if (body?.split('\n').some((line) => line.trim().startsWith('JSON'))) throw new Error(`${request.name}: a line of the PHP sample's body would end its nowdoc`);
  const headers = [
    ...(request.withToken ? [`'Authorization: Bearer ' . getenv('${environment.token}'),`] : []),
    ...plainHeaders(request).map(([header, value]) => `'${header}: ${value}',`),
  ];
  const options = [
    ...(method === 'GET' ? [] : [`CURLOPT_CUSTOMREQUEST => '${method}',`]),
    `CURLOPT_HTTPHEADER => [\n${headers.map((line) => `        ${line}`).join('\n')}\n    ],`,
    ...(body === undefined ? [] : ['CURLOPT_POSTFIELDS => $body,']),
    'CURLOPT_RETURNTRANSFER => true,',
  ];
  return `<?php

$baseUrl = getenv('${environment.baseUrl}') ?: '${defaultBaseUrl}';
${body === undefined ? '' : `$body = <<<'JSON'\n${body}\nJSON;\n`}
$curl = curl_init($baseUrl . '${pathAndQuery}');
curl_setopt_array($curl, [
${options.map((line) => `    ${line}`).join('\n')}
]);
$answer = curl_exec($curl);
if ($answer === false) {
    fwrite(STDERR, curl_error($curl) . PHP_EOL);
    exit(1);
}
$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);

echo $status, PHP_EOL, $answer, PHP_EOL;
exit($status === ${successStatus} ? 0 : 1);
`;
}
