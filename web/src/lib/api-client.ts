// Fetch wrapper for blogd's JSON API. No side effects: it sends cookies, encodes JSON and turns
// every failed response into an ApiError; toasts and redirects belong to the calling hooks.

export type FieldErrors = Record<string, string>;

/** A non-2xx answer: `message` is the server's JSON `message`, else `${status}: ${body}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: FieldErrors;
  /** A sign-in that needs the code of an authenticator app (401 with twoFactorRequired). */
  readonly twoFactorRequired: boolean;

  constructor(
    message: string,
    status: number,
    fields: FieldErrors = {},
    twoFactorRequired = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.twoFactorRequired = twoFactorRequired;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  body?: unknown;
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseErrorBody(text: string): {
  message?: string;
  fields: FieldErrors;
  twoFactorRequired?: boolean;
} {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { fields: {} };
  }
  if (!isRecord(parsed)) return { fields: {} };

  const fields: FieldErrors = {};
  if (isRecord(parsed.fields)) {
    for (const [name, value] of Object.entries(parsed.fields)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  const message =
    typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : undefined;
  const twoFactorRequired = parsed.twoFactorRequired === true;
  return message === undefined
    ? { fields, twoFactorRequired }
    : { message, fields, twoFactorRequired };
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  const { message, fields, twoFactorRequired } = parseErrorBody(text);
  return new ApiError(
    message ?? `${response.status}: ${text || response.statusText}`,
    response.status,
    fields,
    twoFactorRequired,
  );
}

function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function parseBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (text === '') return undefined as T;
  const contentType = response.headers.get('Content-Type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

/** Sends one request; rejects with ApiError on a non-2xx status and TypeError on network failure. */
async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  if (options.cache) init.cache = options.cache;

  const response = await fetch(buildUrl(path, options.params), init);
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  return parseBody<T>(await send(method, path, options));
}

/** A parsed body together with the response headers (e.g. the paging cursor X-Next-Cursor). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

async function requestWithHeaders<T>(
  method: string,
  path: string,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  const response = await send(method, path, options);
  return { data: await parseBody<T>(response), headers: response.headers };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  getWithHeaders: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    requestWithHeaders<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, options),
};
