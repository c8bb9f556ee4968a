// Before each request, a sandbox token for one account, fetched once per run (the sandbox takes any
// account id with its password).
if (!pm.collectionVariables.get('bearerToken')) {
  pm.sendRequest({
    url: pm.collectionVariables.get('baseUrl') + '/authentication/user/token',
    method: 'POST',
    header: {'Content-Type': 'application/json'},
    body: {mode: 'raw', raw: JSON.stringify({id: 'portman', pw: 's3cure-Passw0rd'})},
  }, (error, response) => {
    if (!error) pm.collectionVariables.set('bearerToken', response.json().access_token);
  });
}
