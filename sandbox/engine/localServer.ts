/**
 * Where the sandbox program (/downloads/carrier-sandbox.mjs, and `npm run sandbox`) listens unless
 * --port or PORT says otherwise. The Postman collection's `baseUrl`, the
 * Typed client guide and the docs point integrators here, so it is spelled once.
 */
export const localSandboxPort = 4010;
export const localSandboxUrl = `http://localhost:${localSandboxPort}`;
